/**
 * A pending release or payoff proposal turned down, with a reason kept in the audit trail: by
 * another agent it is rejected, by its proposer withdrawn. Nothing changes state. The same
 * decision again by the same agent (a double click) answers the same detail.
 */
import type { TPostOpsRejectProposalResponse } from '@pledge/contract';
import { declineProposal } from '../controls/decline-proposal.js';
import { lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';
import { auditProposalStep, lockProposal } from './proposal-record.js';

export async function rejectProposal(
  deps: TOpsDeps,
  input: { appUuid: string; proposalId: string; agentUuid: string; reason: string },
): Promise<TPostOpsRejectProposalResponse> {
  const row = await deps.db.transaction(async (tx) => {
    const { application, agent } = await lockApplication(tx, deps.cipher, input);
    const proposal = await lockProposal(tx, application.uuid, input.proposalId);
    await declineProposal(tx, {
      proposal,
      agent,
      reason: input.reason,
      at: deps.clock,
      audit: (decided, step, at) =>
        auditProposalStep(tx, { proposal: decided, agent, step, reason: input.reason, at }),
    });
    return application;
  });
  return toOpsDetail(deps, row);
}
