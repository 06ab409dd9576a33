/**
 * Maker–checker, first step (DESIGN §6): an agent proposes a funds release or a payoff with its
 * evidence; nothing changes state until a different agent approves. The application is locked, so
 * two proposals of a kind cannot both open (the partial unique index says so too). The same
 * proposal sent again by the same agent (a retry, a double click) answers the same detail.
 */
import { OPS_PROPOSAL_LABELS, type TOpsProposalKind, type TPayoffMethod } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';
import { auditProposalStep, pendingProposal, type TOpsProposalRow } from './proposal-record.js';
import type { TOpsApplicationDetail } from '@pledge/contract';

export interface TProposalEvidence {
  reference: string;
  note: string | null;
  payoffMethod: TPayoffMethod | null;
  payoffAmountCents: number | null;
  paidOn: string | null;
}

function isSameEvidence(row: TOpsProposalRow, evidence: TProposalEvidence): boolean {
  return (
    row.reference === evidence.reference &&
    row.note === evidence.note &&
    row.payoffMethod === evidence.payoffMethod &&
    row.payoffAmountCents === evidence.payoffAmountCents &&
    row.paidOn === evidence.paidOn
  );
}

export async function createProposal(
  deps: TOpsDeps,
  input: {
    appUuid: string;
    agentUuid: string;
    kind: TOpsProposalKind;
    evidence: TProposalEvidence;
    /** Throws when the locked application cannot take this proposal now. */
    assertAllowed: (tx: TDb, application: TApplicationRow) => Promise<void> | void;
  },
): Promise<TOpsApplicationDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const { application, agent } = await lockApplication(tx, deps.cipher, input);
    const pending = await pendingProposal(tx, application.uuid, input.kind);
    if (pending !== undefined) {
      if (pending.proposedBy === agent.identityUuid && isSameEvidence(pending, input.evidence)) {
        return application;
      }
      throw new HttpError(
        409,
        'PROPOSAL_PENDING',
        `${OPS_PROPOSAL_LABELS[input.kind]} proposed by ${pending.proposedByEmail} is already waiting: approve, reject or withdraw it first.`,
      );
    }
    await input.assertAllowed(tx, application);
    const at = deps.clock();
    const [proposal] = await tx
      .insert(opsProposals)
      .values({
        applicationUuid: application.uuid,
        kind: input.kind,
        status: 'PENDING',
        proposedBy: agent.identityUuid,
        proposedByEmail: agent.email,
        proposedAt: at,
        ...input.evidence,
      })
      .returning();
    if (proposal === undefined) throw new Error('The proposal was not saved');
    await auditProposalStep(tx, { proposal, agent, step: 'proposed', at });
    return application;
  });
  return toOpsDetail(deps, row);
}
