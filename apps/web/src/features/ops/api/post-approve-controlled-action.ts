import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postApproveControlledAction } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';

/**
 * Approves another agent's proposal: the action happens now, so every console list and record
 * (loans, ledgers, the tape, the agents, the proposals) is read again.
 */
export function useApproveControlledAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) =>
      apiRequest(postApproveControlledAction, { params: { proposalId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_QUERY_KEY }),
  });
}
