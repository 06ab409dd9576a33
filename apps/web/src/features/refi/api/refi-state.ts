import { useQuery } from '@tanstack/react-query';
import { KRANG_STATE_POLL_MS } from '@pledge/domain';
import { getKrangState } from '../../application/api/get-krang-state.js';

export function refiStateQueryKey(appUuid: string) {
  return ['refi', 'application', appUuid, 'krang-state'] as const;
}

/**
 * The application's state, polled every KRANG_STATE_POLL_MS until COMPLETE (document 2 §4), or
 * until it ended. `isPaused` holds the polling while a verification runs: its status is re-fetched
 * VERIFY_STATUS_REFETCH_MS after success (document 2 §4), not by a poll that happens to fall
 * sooner.
 */
export function useRefiState(
  appUuid: string,
  { enabled, isPaused = false }: { enabled: boolean; isPaused?: boolean },
) {
  return useQuery({
    queryKey: refiStateQueryKey(appUuid),
    queryFn: ({ signal }) => getKrangState(appUuid, signal),
    enabled,
    refetchOnMount: 'always',
    refetchInterval: ({ state }) =>
      isPaused || state.data?.state === 'COMPLETE' || state.data?.state === 'CANCELLED'
        ? false
        : KRANG_STATE_POLL_MS,
  });
}
