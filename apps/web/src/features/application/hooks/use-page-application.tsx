import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { TApplication } from '@pledge/contract';
import type { TApplicationState } from '@pledge/domain';
import { useFreshApplication } from '../api/get-application.js';
import { applicationDestinationHref, type TApplicationDestination } from '../application-route.js';
import { PendingData } from '../components/application-load-error.js';

/**
 * The application of a page that shows only in some states: `application` once it is fresh and
 * the page's rule (`redirectOf`, null: stay) keeps the borrower here; until then `standIn` is what
 * the page shows in its place, a loader (or the error) or the way to where the rule leads.
 */
export function usePageApplication(
  redirectOf: (application: TApplication) => TApplicationDestination | null,
  options: { pollMsWhile?: (state: TApplicationState) => number | false } = {},
): { appUuid: string; application: TApplication | undefined; standIn: ReactNode } {
  const { appUuid = '' } = useParams();
  const query = useFreshApplication(appUuid, options);
  const data = query.isFresh ? query.data : undefined;
  if (data === undefined) {
    return { appUuid, application: undefined, standIn: <PendingData query={query} /> };
  }
  const redirect = redirectOf(data);
  if (redirect !== null) {
    return {
      appUuid,
      application: undefined,
      standIn: <Navigate replace to={applicationDestinationHref(appUuid, redirect)} />,
    };
  }
  return { appUuid, application: data, standIn: null };
}
