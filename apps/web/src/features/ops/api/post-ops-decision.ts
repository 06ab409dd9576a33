import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  postOpsApproveHolderName,
  postOpsApproveProposal,
  postOpsRejectHolderName,
  postOpsRejectProposal,
  type TOpsApplicationDetail,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsApplicationQueryKey } from './get-ops-application.js';

/**
 * A second agent's decision: on a release or payoff proposal (approve, or reject — a withdrawal
 * when its proposer does it), or on a payout account's holder name.
 */
export type TOpsDecision =
  | { subject: 'proposal'; proposalId: string; verdict: 'approve' }
  | { subject: 'proposal'; proposalId: string; verdict: 'reject'; reason: string }
  | { subject: 'holder-name'; verdict: 'approve' }
  | { subject: 'holder-name'; verdict: 'reject'; reason: string };

export function postOpsDecision(
  appUuid: string,
  decision: TOpsDecision,
): Promise<TOpsApplicationDetail> {
  if (decision.subject === 'proposal') {
    const params = { appUuid, proposalId: decision.proposalId };
    return decision.verdict === 'approve'
      ? apiRequest(postOpsApproveProposal, { params })
      : apiRequest(postOpsRejectProposal, { params, body: { reason: decision.reason } });
  }
  const params = { appUuid };
  return decision.verdict === 'approve'
    ? apiRequest(postOpsApproveHolderName, { params })
    : apiRequest(postOpsRejectHolderName, { params, body: { reason: decision.reason } });
}

/** As useOpsAction: the detail the server answered is shown, then every list is fetched again. */
export function useOpsDecision(appUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TOpsDecision) => postOpsDecision(appUuid, decision),
    onSuccess: (detail) => {
      queryClient.setQueryData(opsApplicationQueryKey(appUuid), detail);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_QUERY_KEY }),
  });
}
