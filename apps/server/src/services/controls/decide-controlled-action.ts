/**
 * Maker–checker, second step: a different active agent approves or rejects a controlled action.
 * Approval carries it out in the same transaction, its figures and its subject read again now (a
 * price, a balance or an owner may have moved since it was proposed); the proposal records who
 * decided, when and what it did. A release or payoff proposal is decided on its application
 * (approve-proposal.ts, reject-proposal.ts), under the same rules.
 */
import type { TControlledAction } from '@pledge/contract';
import { CONTROL_MESSAGES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { approveProposal } from '../ops/approve-proposal.js';
import { rejectProposal } from '../ops/reject-proposal.js';
import { actingAgent, assertCheckerMayApprove, assertNotConcerned } from './checker-rules.js';
import { declineProposal } from './decline-proposal.js';
import {
  handlerOf,
  isPayloadKind,
  type TControlDeps,
  type TControlledPayloads,
  type TPayloadKind,
} from './controlled-action-handlers.js';
import {
  auditControlledStep,
  lockControlledAction,
  toControlledActionView,
  type TControlledActionRow,
} from './controlled-action-record.js';
import { decisionBy } from '../ops/agent-decision.js';

async function readRow(db: TDb, proposalId: string): Promise<TControlledActionRow> {
  const [row] = await db.select().from(opsProposals).where(eq(opsProposals.id, proposalId));
  if (row === undefined) {
    throw new HttpError(404, 'PROPOSAL_NOT_FOUND', 'There is no such proposal.');
  }
  return row;
}

export async function approveControlledAction(
  deps: TControlDeps,
  input: { proposalId: string; agentUuid: string },
): Promise<TControlledAction> {
  const found = await readRow(deps.db, input.proposalId);
  if (found.applicationUuid !== null) {
    await approveProposal(deps, {
      appUuid: found.applicationUuid,
      proposalId: found.id,
      agentUuid: input.agentUuid,
    });
    return toControlledActionView(await readRow(deps.db, found.id));
  }
  const row = await deps.db.transaction(async (tx) => {
    const row = await lockControlledAction(tx, input.proposalId);
    if (row.proposedBy === input.agentUuid) {
      throw new HttpError(403, 'SAME_AGENT', CONTROL_MESSAGES.sameAgent);
    }
    if (row.status === 'APPROVED' && row.decidedBy === input.agentUuid) return row;
    if (row.status !== 'PENDING')
      throw new HttpError(409, 'PROPOSAL_DECIDED', CONTROL_MESSAGES.decided);
    const agent = await actingAgent(tx, deps.cipher, input.agentUuid);
    await assertCheckerMayApprove(tx, deps.cipher, {
      makerUuid: row.proposedBy,
      checkerUuid: agent.identityUuid,
    });
    if (!isPayloadKind(row.kind)) throw new Error(`No handler for ${row.kind}`);
    const kind: TPayloadKind = row.kind;
    const handler = handlerOf(kind);
    const payload = row.payload as TControlledPayloads[typeof kind];
    const description = await handler.describe(tx, deps.cipher, payload as never);
    await assertNotConcerned(tx, deps.cipher, agent.identityUuid, description);
    const outcome = await handler.perform(
      { ...deps, db: tx },
      {
        payload: payload as never,
        proposalId: row.id,
        agent,
      },
    );
    const at = deps.clock();
    const [approved] = await tx
      .update(opsProposals)
      .set({
        status: 'APPROVED',
        ...decisionBy(agent, at),
        outcome,
      })
      .where(eq(opsProposals.id, row.id))
      .returning();
    if (approved === undefined) throw new Error('The proposal was not updated');
    await auditControlledStep(tx, {
      row: approved,
      agent,
      from: 'PENDING',
      to: 'APPROVED',
      words: 'approved',
      at,
    });
    return approved;
  });
  return toControlledActionView(row);
}

export async function rejectControlledAction(
  deps: TControlDeps,
  input: { proposalId: string; agentUuid: string; reason: string },
): Promise<TControlledAction> {
  const found = await readRow(deps.db, input.proposalId);
  if (found.applicationUuid !== null) {
    await rejectProposal(deps, {
      appUuid: found.applicationUuid,
      proposalId: found.id,
      agentUuid: input.agentUuid,
      reason: input.reason,
    });
    return toControlledActionView(await readRow(deps.db, found.id));
  }
  const row = await deps.db.transaction(async (tx) => {
    const row = await lockControlledAction(tx, input.proposalId);
    const agent = await actingAgent(tx, deps.cipher, input.agentUuid);
    return declineProposal(tx, {
      proposal: row,
      agent,
      reason: input.reason,
      at: deps.clock,
      audit: (decided, step, at) =>
        auditControlledStep(tx, {
          row: decided,
          agent,
          from: 'PENDING',
          to: decided.status,
          words: step,
          at,
        }),
    });
  });
  return toControlledActionView(row);
}
