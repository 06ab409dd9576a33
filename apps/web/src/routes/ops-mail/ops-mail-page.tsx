import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { OpsFailedMail } from '../../features/ops/components/ops-failed-mail.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Undelivered e-mails — Operations console' };

/** E-mails the mail server refused after every attempt, and sending one again. */
export function OpsMailPage() {
  return (
    <section className="ops-page">
      <p className="ops-back">
        <Link to={paths.ops.getHref()}>All applications</Link>
      </p>
      <PageHeading>Undelivered e-mails</PageHeading>
      <p>
        Every e-mail is queued and sent with retries. These are the ones the mail server still
        refused after the last attempt; the borrower has not received them.
      </p>
      <OpsFailedMail />
    </section>
  );
}

export { OpsMailPage as Component };
