import { useState } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  getApplication as getApplicationEndpoint,
  type TGetApplicationResponse,
  type TKrangState,
} from '@pledge/contract';
import type { TApplicationState } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import { pageVisitStartedAt, refetchUnlessFetchedThisVisit } from '../../../api/page-visit.js';

export function getApplication(
  appUuid: string,
  signal?: AbortSignal,
): Promise<TGetApplicationResponse> {
  return apiRequest(getApplicationEndpoint, { params: { appUuid }, signal });
}

export function applicationQueryKey(appUuid: string) {
  return ['application', appUuid] as const;
}

export function applicationQueryOptions(appUuid: string) {
  return queryOptions({
    queryKey: applicationQueryKey(appUuid),
    queryFn: ({ signal }) => getApplication(appUuid, signal),
  });
}

/** One of the signed-in borrower's applications (state, residency, offers, refinancing flag). */
export function useApplication(appUuid: string) {
  return useQuery(applicationQueryOptions(appUuid));
}

/**
 * The application as the server holds it now: fetched again whenever a page that decides on its
 * state is shown. `isFresh` turns true once an answer fetched for this visit of the page is in
 * (the route's prefetch, started with the session check, fetched it). `pollMsWhile`
 * answers how often to fetch it again in a state (false: not again).
 */
export function useFreshApplication(
  appUuid: string,
  { pollMsWhile }: { pollMsWhile?: (state: TApplicationState) => number | false } = {},
) {
  const [shownAt] = useState(pageVisitStartedAt);
  const query = useQuery({
    ...applicationQueryOptions(appUuid),
    refetchOnMount: refetchUnlessFetchedThisVisit,
    refetchInterval: (current) => {
      const state = current.state.data?.state;
      return state === undefined || pollMsWhile === undefined ? false : pollMsWhile(state);
    },
  });
  const isFresh = query.data !== undefined && query.dataUpdatedAt >= shownAt;
  return { ...query, isFresh };
}

/**
 * Keeps the cached application in step with a state the page has just polled, so the next page
 * decides on the state the server reported rather than the one loaded before.
 */
export function setCachedApplicationState(
  queryClient: QueryClient,
  appUuid: string,
  { state, stage }: TKrangState,
): void {
  queryClient.setQueryData(applicationQueryKey(appUuid), (application) =>
    application === undefined ? undefined : { ...application, state, stage },
  );
}
