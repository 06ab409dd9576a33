/**
 * A pending release or payoff proposal turned down, with a reason kept in the audit trail: by
 * another agent it is rejected, by its proposer withdrawn. Nothing changes state. The same
 * decision again by the same agent (a double click) answers the same detail.
 */
import type { TPostOpsRejectProposalResponse } from '@pledge/contract';
import { declinedStatus } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';
import { auditProposalStep, lockProposal } from './proposal-record.js';

export async function rejectProposal(
  deps: TOpsDeps,
  input: { appUuid: string; proposalId: string; agentUuid: string; reason: string },
): Promise<TPostOpsRejectProposalResponse> {
  const row = await deps.db.transaction(async (tx) => {
    const { application, agent } = await lockApplication(tx, input.appUuid, input.agentUuid);
    const proposal = await lockProposal(tx, application.uuid, input.proposalId);
    const status = declinedStatus(proposal, agent.identityUuid);
    if (proposal.status !== 'PENDING') {
      if (proposal.status === status && proposal.decidedBy === agent.identityUuid) {
        return application;
      }
      throw new HttpError(409, 'PROPOSAL_DECIDED', 'This proposal has already been decided.');
    }
    const at = deps.clock();
    const [decided] = await tx
      .update(opsProposals)
      .set({
        status,
        decidedBy: agent.identityUuid,
        decidedByEmail: agent.email,
        decidedAt: at,
        decisionReason: input.reason,
      })
      .where(eq(opsProposals.id, proposal.id))
      .returning();
    if (decided === undefined) throw new Error('The proposal was not updated');
    await auditProposalStep(tx, {
      proposal: decided,
      agent,
      step: status === 'WITHDRAWN' ? 'withdrawn' : 'rejected',
      reason: input.reason,
      at,
    });
    return application;
  });
  return toOpsDetail(deps, row);
}
