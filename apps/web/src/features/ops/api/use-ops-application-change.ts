import { useQueryClient } from '@tanstack/react-query';
import type { TOpsApplicationDetail } from '@pledge/contract';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsApplicationQueryKey } from './get-ops-application.js';
import { useOpsChange } from './use-ops-change.js';

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
  return useOpsChange(
    (input: TInput) => post(appUuid, input),
    OPS_QUERY_KEY,
    (detail) => {
      queryClient.setQueryData(opsApplicationQueryKey(appUuid), detail);
    },
  );
}
