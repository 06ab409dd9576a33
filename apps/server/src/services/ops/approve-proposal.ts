/**
 * Maker–checker, second step (DESIGN §6): a different active agent, not the same person as the
 * maker (checker-rules.ts), whose maker is still an active agent, approves a pending proposal and the
 * state changes in the same transaction (release: COMPLETE; payoff: PAID_OFF), the proposal
 * recording who approved and when, the audit trail who proposed, who approved and the evidence.
 * The application row is locked first, so of two concurrent approvals one transitions and the
 * other finds the proposal approved and answers the same detail (as does a double click).
 */
import type { TPostOpsApproveProposalResponse } from '@pledge/contract';
import { approvalRefusal, SAME_AGENT_APPROVAL_MESSAGE } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { agentActor, lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';
import { assertCheckerMayApprove } from '../controls/checker-rules.js';
import { evidenceText, lockProposal } from './proposal-record.js';
import { assertPayoffMatchesLedger, recordPayoff } from './record-payoff.js';
import { releaseFunds } from './release-funds.js';
import { decisionBy } from './agent-decision.js';

export async function approveProposal(
  deps: TOpsDeps,
  input: { appUuid: string; proposalId: string; agentUuid: string },
): Promise<TPostOpsApproveProposalResponse> {
  const row = await deps.db.transaction(async (tx) => {
    const { application, agent } = await lockApplication(tx, deps.cipher, input);
    const proposal = await lockProposal(tx, application.uuid, input.proposalId);
    if (proposal.proposedBy === agent.identityUuid) {
      throw new HttpError(403, 'SAME_AGENT', SAME_AGENT_APPROVAL_MESSAGE);
    }
    if (proposal.status === 'APPROVED') return application;
    const refusal = approvalRefusal(proposal, agent.identityUuid);
    if (refusal !== null) throw new HttpError(409, 'PROPOSAL_DECIDED', refusal);
    await assertCheckerMayApprove(tx, deps.cipher, {
      makerUuid: proposal.proposedBy,
      checkerUuid: agent.identityUuid,
    });
    const at = deps.clock();
    if (proposal.kind === 'RECORD_PAYOFF') {
      // The figure is read again now: interest or a payment since the proposal changes it.
      await assertPayoffMatchesLedger(tx, {
        loanUuid: application.uuid,
        amountCents: proposal.payoffAmountCents ?? 0,
        now: at,
      });
    }
    const actor = agentActor(agent.identityUuid);
    const evidence = `proposed by ${proposal.proposedByEmail} (${evidenceText(proposal)}), approved by ${agent.email}`;
    const changed =
      proposal.kind === 'RELEASE_FUNDS'
        ? await releaseFunds(tx, { application, actor, reason: `funds released: ${evidence}`, at })
        : await recordPayoff(tx, {
            application,
            actor,
            // The check constraint guarantees a payoff proposal's method.
            method: proposal.payoffMethod ?? 'ACH',
            evidence,
            at,
          });
    await tx
      .update(opsProposals)
      .set({
        status: 'APPROVED',
        ...decisionBy(agent, at),
      })
      .where(eq(opsProposals.id, proposal.id));
    return changed;
  });
  return toOpsDetail(deps, row);
}
