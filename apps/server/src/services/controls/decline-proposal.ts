/**
 * A pending proposal turned down, whatever its kind: by another agent it is rejected, by its maker
 * withdrawn, with the reason. The same decision again by the same agent (a double click) answers
 * the row as decided; any other decision of a decided proposal is 409. The caller has locked the
 * row and checked the agent; `audit` records the step in the caller's audit trail.
 */
import { CONTROL_MESSAGES, declinedStatus } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { decisionBy } from '../ops/agent-decision.js';

type TProposalRow = typeof opsProposals.$inferSelect;

export async function declineProposal(
  tx: TDb,
  input: {
    proposal: TProposalRow;
    agent: { identityUuid: string; email: string };
    reason: string;
    at: () => Date;
    audit: (decided: TProposalRow, step: 'rejected' | 'withdrawn', at: Date) => Promise<void>;
  },
): Promise<TProposalRow> {
  const { proposal, agent } = input;
  const status = declinedStatus(proposal, agent.identityUuid);
  if (proposal.status !== 'PENDING') {
    if (proposal.status === status && proposal.decidedBy === agent.identityUuid) return proposal;
    throw new HttpError(409, 'PROPOSAL_DECIDED', CONTROL_MESSAGES.decided);
  }
  const at = input.at();
  const [decided] = await tx
    .update(opsProposals)
    .set({
      status,
      ...decisionBy(agent, at, input.reason),
    })
    .where(eq(opsProposals.id, proposal.id))
    .returning();
  if (decided === undefined) throw new Error('The proposal was not updated');
  await input.audit(decided, status === 'WITHDRAWN' ? 'withdrawn' : 'rejected', at);
  return decided;
}
