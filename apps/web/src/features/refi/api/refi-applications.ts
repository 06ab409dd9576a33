import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  getCelsiusApplications,
  type TGetCelsiusApplicationsResponse,
  type TRefinancingApplication,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function refiApplicationsQueryKey(identityUuid: string) {
  return ['refi', identityUuid, 'applications'] as const;
}

export function getRefiApplications(
  identityUuid: string,
  signal?: AbortSignal,
): Promise<TGetCelsiusApplicationsResponse> {
  return apiRequest(getCelsiusApplications, {
    params: { identityUuid },
    signal,
    cache: 'no-store',
  });
}

/** The borrower's refinancing applications, as the server holds them each time a page opens. */
export function useRefiApplications(
  identityUuid: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: refiApplicationsQueryKey(identityUuid),
    queryFn: ({ signal }) => getRefiApplications(identityUuid, signal),
    refetchOnMount: 'always',
    enabled: enabled && identityUuid !== '',
  });
}

/** Replaces one application in the cached list (an answer, or an optimistic change). */
export function setCachedRefiApplication(
  queryClient: QueryClient,
  identityUuid: string,
  app: TRefinancingApplication,
): void {
  queryClient.setQueryData<TRefinancingApplication[]>(
    refiApplicationsQueryKey(identityUuid),
    (apps) => apps?.map((current) => (current.appUuid === app.appUuid ? app : current)),
  );
}

export function cachedRefiApplications(
  queryClient: QueryClient,
  identityUuid: string,
): TRefinancingApplication[] | undefined {
  return queryClient.getQueryData<TRefinancingApplication[]>(
    refiApplicationsQueryKey(identityUuid),
  );
}
