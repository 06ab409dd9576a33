/**
 * Controlled actions as stored (ops_proposals, the table the first release's release and payoff
 * proposals live in) and as the console shows them, and the audit words of each step.
 */
import type { TControlledAction } from '@pledge/contract';
import { CONTROLLED_ACTIONS } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { actors } from '../applications/apply-transition.js';
import { decisionView } from '../ops/agent-decision.js';

export type TControlledActionRow = typeof opsProposals.$inferSelect;

/** audit_events.entity_type of a controlled action's steps (entity id: the proposal's id). */
export const CONTROLLED_ACTION_ENTITY = 'controlled-action';

export function toControlledActionView(row: TControlledActionRow): TControlledAction {
  return {
    id: row.id,
    action: row.kind,
    label: CONTROLLED_ACTIONS[row.kind].label,
    status: row.status,
    subject: {
      type: row.subjectType ?? CONTROLLED_ACTIONS[row.kind].subject,
      id: row.subjectId ?? row.applicationUuid ?? '',
    },
    loanUuid: row.loanUuid ?? row.applicationUuid,
    amountCents: row.amountCents ?? row.payoffAmountCents,
    summary: row.note === null ? row.reference : `${row.reference}; ${row.note}`,
    proposedBy: { identityUuid: row.proposedBy, email: row.proposedByEmail },
    proposedAt: row.proposedAt.toISOString(),
    ...decisionView(row),
    outcome: row.outcome,
  };
}

/** A proposal, locked for the rest of the transaction, or 404. */
export async function lockControlledAction(
  tx: TDb,
  proposalId: string,
): Promise<TControlledActionRow> {
  const [row] = await tx
    .select()
    .from(opsProposals)
    .where(eq(opsProposals.id, proposalId))
    .for('update');
  if (row === undefined) {
    throw new HttpError(404, 'PROPOSAL_NOT_FOUND', 'There is no such proposal.');
  }
  return row;
}

/** Appends one step of a controlled action to the audit trail. */
export async function auditControlledStep(
  tx: TDb,
  input: {
    row: TControlledActionRow;
    agent: { identityUuid: string; email: string };
    from: string | null;
    to: string;
    words: string;
    at: Date;
  },
): Promise<void> {
  await tx.insert(auditEvents).values({
    entityType: CONTROLLED_ACTION_ENTITY,
    entityId: input.row.id,
    actor: actors.agent(input.agent.identityUuid),
    fromState: input.from,
    toState: input.to,
    reason: `${CONTROLLED_ACTIONS[input.row.kind].label} ${input.words} by ${input.agent.email}: ${input.row.reference}`,
    at: input.at,
  });
}
