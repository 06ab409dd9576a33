import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { TApplicationState } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { useFreshApplication } from '../api/get-application.js';
import { SupportContacts } from './support-contacts.js';
import { PendingData } from './application-load-error.js';

interface TOutcomePageProps {
  /** The application state this page explains. */
  state: TApplicationState;
  title: string;
  children: ReactNode;
  /** Why the borrower would contact support, said before the contacts. */
  supportText: ReactNode;
  /** A closing link to the dashboard; off when the page leads there itself. */
  hasDashboardLink?: boolean;
}

/**
 * A page that explains how an application ended up where it is (credit frozen, locked, not
 * matched, declined). It shows only while the application is in that state: once the server has
 * moved it on (a credit check run again), the application's entry leads to where it is now.
 */
export function OutcomePage({
  state,
  title,
  children,
  supportText,
  hasDashboardLink = true,
}: TOutcomePageProps) {
  const { appUuid = '' } = useParams();
  const application = useFreshApplication(appUuid);

  if (!application.isFresh || application.data === undefined) {
    return <PendingData query={application} />;
  }
  if (application.data.state !== state) {
    return <Navigate replace to={paths.application.entry.getHref(appUuid)} />;
  }
  return (
    <section className="panel outcome-page">
      <PageHeading>{title}</PageHeading>
      {children}
      <h2 className="outcome-page__subheading">Contact us</h2>
      <p>{supportText}</p>
      <SupportContacts />
      {hasDashboardLink && (
        <Link className="button button--secondary" to={paths.dashboard.getHref()}>
          Go to your dashboard
        </Link>
      )}
    </section>
  );
}
