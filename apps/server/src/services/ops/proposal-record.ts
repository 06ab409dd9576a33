/**
 * Release and payoff proposals (maker–checker, DESIGN §6) as stored and as the console shows them,
 * and the audit words of each step.
 */
import type { TOpsProposal } from '@pledge/contract';
import {
  centsToUsd,
  centsToUsdString,
  CONTROLLED_ACTIONS,
  type TOpsProposalKind,
} from '@pledge/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { APPLICATION_ENTITY } from '../applications/application-record.js';
import { actors } from '../applications/apply-transition.js';
import { decisionView } from './agent-decision.js';

export type TOpsProposalRow = typeof opsProposals.$inferSelect;

export function toProposalView(row: TOpsProposalRow): TOpsProposal {
  const isPayoff =
    row.kind === 'RECORD_PAYOFF' &&
    row.payoffMethod !== null &&
    row.payoffAmountCents !== null &&
    row.paidOn !== null;
  return {
    id: row.id,
    // Proposals on an application are releases and payoffs (ops_proposals_subject).
    kind: row.kind as TOpsProposalKind,
    status: row.status,
    proposedBy: { identityUuid: row.proposedBy, email: row.proposedByEmail },
    proposedAt: row.proposedAt.toISOString(),
    reference: row.reference,
    note: row.note,
    payoff: isPayoff
      ? {
          method: row.payoffMethod as NonNullable<TOpsProposalRow['payoffMethod']>,
          amount: centsToUsd(row.payoffAmountCents as number),
          paidOn: row.paidOn as string,
        }
      : null,
    ...decisionView(row),
  };
}

/** The application's proposals, newest first. */
export async function proposalsOf(db: TDb, appUuid: string): Promise<TOpsProposal[]> {
  const rows = await db
    .select()
    .from(opsProposals)
    .where(eq(opsProposals.applicationUuid, appUuid))
    .orderBy(desc(opsProposals.proposedAt), desc(opsProposals.id));
  return rows.map(toProposalView);
}

/** The pending proposal of a kind, if any (the application is locked by the caller). */
export async function pendingProposal(
  tx: TDb,
  appUuid: string,
  kind: TOpsProposalKind,
): Promise<TOpsProposalRow | undefined> {
  const [row] = await tx
    .select()
    .from(opsProposals)
    .where(
      and(
        eq(opsProposals.applicationUuid, appUuid),
        eq(opsProposals.kind, kind),
        eq(opsProposals.status, 'PENDING'),
      ),
    );
  return row;
}

/** A proposal of the application, locked, or 404. */
export async function lockProposal(
  tx: TDb,
  appUuid: string,
  proposalId: string,
): Promise<TOpsProposalRow> {
  const [row] = await tx
    .select()
    .from(opsProposals)
    .where(and(eq(opsProposals.applicationUuid, appUuid), eq(opsProposals.id, proposalId)))
    .for('update');
  if (row === undefined) {
    throw new HttpError(404, 'PROPOSAL_NOT_FOUND', 'This application has no such proposal.');
  }
  return row;
}

/** The evidence in words, for the audit trail: "reference FED-1; Wire, $20,150.25 paid 2025-03-01". */
export function evidenceText(row: TOpsProposalRow): string {
  const parts = [`reference ${row.reference}`];
  if (row.payoffMethod !== null && row.payoffAmountCents !== null && row.paidOn !== null) {
    parts.push(
      `${row.payoffMethod} of ${centsToUsdString(row.payoffAmountCents)} USD paid on ${row.paidOn}`,
    );
  }
  if (row.note !== null && row.note !== '') parts.push(row.note);
  return parts.join('; ');
}

/** Appends one step of a proposal to the application's audit trail. */
export async function auditProposalStep(
  tx: TDb,
  input: {
    proposal: TOpsProposalRow;
    agent: { identityUuid: string; email: string };
    step: 'proposed' | 'rejected' | 'withdrawn';
    reason?: string;
    at: Date;
  },
): Promise<void> {
  const label = CONTROLLED_ACTIONS[input.proposal.kind].label;
  const words =
    input.step === 'proposed'
      ? `${label} proposed by ${input.agent.email}: ${evidenceText(input.proposal)}`
      : `${label} proposal ${input.step} by ${input.agent.email}: ${input.reason ?? ''}`;
  await tx.insert(auditEvents).values({
    entityType: APPLICATION_ENTITY,
    entityId: input.proposal.applicationUuid ?? input.proposal.id,
    actor: actors.agent(input.agent.identityUuid),
    fromState: null,
    toState: null,
    reason: words,
    at: input.at,
  });
}
