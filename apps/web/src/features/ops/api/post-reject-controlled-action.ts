import { postRejectControlledAction } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { CONTROLLED_ACTIONS_QUERY_KEY } from './get-controlled-actions.js';
import { useOpsChange } from './use-ops-change.js';

/** Rejects a proposal with a reason (its maker's own rejection withdraws it); nothing happens. */
export function useRejectControlledAction() {
  return useOpsChange(
    ({ proposalId, reason }: { proposalId: string; reason: string }) =>
      apiRequest(postRejectControlledAction, { params: { proposalId }, body: { reason } }),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}
