import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { PageHeading } from '../../../ui/page-heading.js';

/** A link of a console page's way back, such as "All applications". */
export type TOpsBackLink = { href: string; label: string };

/**
 * A console page's frame: the links back (to all applications unless told), its heading, then
 * what it shows.
 */
export function OpsPage({
  heading,
  back = [{ href: paths.ops.getHref(), label: 'All applications' }],
  children,
}: {
  heading: string;
  back?: readonly TOpsBackLink[];
  children: ReactNode;
}) {
  return (
    <section className="ops-page">
      <p className="ops-back">
        {back.map((link, index) => (
          <Fragment key={link.href}>
            {index > 0 && ' · '}
            <Link to={link.href}>{link.label}</Link>
          </Fragment>
        ))}
      </p>
      <PageHeading>{heading}</PageHeading>
      {children}
    </section>
  );
}
