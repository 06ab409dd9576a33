import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getOpsApplications as getOpsApplicationsEndpoint,
  type TGetOpsApplicationsResponse,
} from '@pledge/contract';
import type { TApplicationState, TLoanKind } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';

/** One page of the console's list: a state, a kind, a search, and the cursor of the page. */
export interface TOpsApplicationsPage {
  state?: TApplicationState | undefined;
  kind?: TLoanKind | undefined;
  search?: string | undefined;
  cursor?: string | undefined;
}

export function getOpsApplications(
  page: TOpsApplicationsPage,
  signal?: AbortSignal,
): Promise<TGetOpsApplicationsResponse> {
  // The list changes all the time: never answered from the browser's cache.
  return apiRequest(getOpsApplicationsEndpoint, { query: page, signal, cache: 'no-store' });
}

export const OPS_QUERY_KEY = ['ops'] as const;

export function opsApplicationsQueryKey(page: TOpsApplicationsPage) {
  return [...OPS_QUERY_KEY, 'applications', page] as const;
}

/** A page of applications; the previous page stays on screen while the next one loads. */
export function useOpsApplications(page: TOpsApplicationsPage) {
  return useQuery({
    queryKey: opsApplicationsQueryKey(page),
    queryFn: ({ signal }) => getOpsApplications(page, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
