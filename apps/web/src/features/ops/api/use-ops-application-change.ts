import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOpsApplicationDetail } from '@pledge/contract';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsApplicationQueryKey } from './get-ops-application.js';

/**
 * An agent's change to one application (an action, or a second agent's decision). Afterwards the
 * detail is shown as the server answered it, then fetched again with every list, so that nothing
 * on screen is older than the change.
 */
export function useOpsApplicationChange<TInput>(
  appUuid: string,
  post: (appUuid: string, input: TInput) => Promise<TOpsApplicationDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => post(appUuid, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(opsApplicationQueryKey(appUuid), detail);
    },
    // A refused change (another agent was quicker) also means the page may be out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_QUERY_KEY }),
  });
}
