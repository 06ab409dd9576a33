import { useInfiniteQuery } from '@tanstack/react-query';
import { getControlledActions } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';

export const CONTROLLED_ACTIONS_QUERY_KEY = [...OPS_QUERY_KEY, 'controlled-actions'] as const;

/**
 * The proposals waiting for a second agent, newest first, a page at a time ("Show more" follows
 * `nextCursor`); fetched again each time the page is shown, since any agent may decide one.
 */
export function usePendingControlledActions() {
  return useInfiniteQuery({
    queryKey: [...CONTROLLED_ACTIONS_QUERY_KEY, 'PENDING'] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(getControlledActions, {
        query: { status: 'PENDING', ...(pageParam === null ? {} : { cursor: pageParam }) },
        signal,
        cache: 'no-store',
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchOnMount: 'always',
  });
}
