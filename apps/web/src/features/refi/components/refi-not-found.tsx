import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { PageHeading } from '../../../ui/page-heading.js';

/** A refinancing page opened for a loan or offer the borrower does not have. */
export function RefiNotFound({ title }: { title: string }) {
  return (
    <section className="panel refi-page">
      <PageHeading>{title}</PageHeading>
      <p>We couldn’t find this loan offer in your account.</p>
      <div className="page-actions">
        <Link className="button" to={paths.refinance.list.getHref()}>
          See your Celsius loans
        </Link>
      </div>
    </section>
  );
}
