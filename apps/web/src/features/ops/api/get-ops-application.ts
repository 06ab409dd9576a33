import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getOpsApplication as getOpsApplicationEndpoint,
  type TGetOpsApplicationResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { refetchUnlessFetchedThisVisit } from '../../../api/page-visit.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';

export function getOpsApplication(
  appUuid: string,
  signal?: AbortSignal,
): Promise<TGetOpsApplicationResponse> {
  return apiRequest(getOpsApplicationEndpoint, {
    params: { appUuid },
    signal,
    cache: 'no-store',
  });
}

export function opsApplicationQueryKey(appUuid: string) {
  return [...OPS_QUERY_KEY, 'application', appUuid] as const;
}

/** An application's full detail for an agent, fetched afresh for each visit of its page. */
export function opsApplicationQuery(appUuid: string) {
  return queryOptions({
    queryKey: opsApplicationQueryKey(appUuid),
    queryFn: ({ signal }) => getOpsApplication(appUuid, signal),
    refetchOnMount: refetchUnlessFetchedThisVisit,
  });
}

export function useOpsApplication(appUuid: string) {
  return useQuery(opsApplicationQuery(appUuid));
}
