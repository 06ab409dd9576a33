import { useMutation } from '@tanstack/react-query';
import { postRejectControlledAction } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { useRefreshPendingActions } from './get-controlled-actions.js';

/** Rejects a proposal with a reason (its maker's own rejection withdraws it); nothing happens. */
export function useRejectControlledAction() {
  const refresh = useRefreshPendingActions();
  return useMutation({
    mutationFn: ({ proposalId, reason }: { proposalId: string; reason: string }) =>
      apiRequest(postRejectControlledAction, { params: { proposalId }, body: { reason } }),
    onSettled: refresh,
  });
}
