import {
  postOpsApproveHolderName,
  postOpsApproveProposal,
  postOpsRejectHolderName,
  postOpsRejectProposal,
  type TOpsApplicationDetail,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { useOpsApplicationChange } from './use-ops-application-change.js';

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
  return useOpsApplicationChange(appUuid, postOpsDecision);
}
