import { postApproveControlledAction } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { useOpsChange } from './use-ops-change.js';

/**
 * Approves another agent's proposal: the action happens now, so every console list and record
 * (loans, ledgers, the tape, the agents, the proposals) is read again.
 */
export function useApproveControlledAction() {
  return useOpsChange(
    (proposalId: string) => apiRequest(postApproveControlledAction, { params: { proposalId } }),
    OPS_QUERY_KEY,
  );
}
