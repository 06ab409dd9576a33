/**
 * Maker–checker, first step, for every controlled action that is not about an application (release
 * and payoff proposals keep their own route, create-proposal.ts, under the same rules): the agent
 * proposes; the action is carried out once as a dry run and rolled back, so what could not be done
 * is refused now with the use case's own message; the proposal is stored with its summary and
 * audited; nothing else changes until a different agent approves.
 *
 * Retries: with an Idempotency-Key the same key answers the same proposal (another request under it
 * is 409); without one, one proposal of a kind per subject waits at a time, and the same request
 * again by its maker answers it.
 */
import type { TControlledAction } from '@pledge/contract';
import { CONTROL_MESSAGES, CONTROLLED_ACTIONS } from '@pledge/domain';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { canonicalJson } from '../../canonical-json.js';
import type { TDb } from '../../db/pool.js';
import { opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { actingAgent, assertNotConcerned } from './checker-rules.js';
import {
  handlerOf,
  type TControlDeps,
  type TControlledPayloads,
  type TPayloadKind,
} from './controlled-action-handlers.js';
import {
  auditControlledStep,
  toControlledActionView,
  type TControlledActionRow,
} from './controlled-action-record.js';

/** Thrown inside a savepoint to roll a dry run back. */
class DryRunDone extends Error {}

async function dryRun(tx: TDb, work: (savepoint: TDb) => Promise<unknown>): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      await work(savepoint);
      throw new DryRunDone();
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
}

/** A payload as text with its keys in order; undefined reads `null`, as jsonb stores it. */
const canonical = (value: unknown) => canonicalJson(value, { undefinedAs: 'null' });

const samePayload = (row: TControlledActionRow, payload: object) =>
  canonical(row.payload) === canonical(payload);

export async function proposeControlledAction<K extends TPayloadKind>(
  deps: TControlDeps,
  input: {
    kind: K;
    payload: TControlledPayloads[K];
    agentUuid: string;
    idempotencyKey: string | null;
  },
): Promise<TControlledAction> {
  const handler = handlerOf(input.kind);
  const row = await deps.db.transaction(async (tx) => {
    const agent = await actingAgent(tx, deps.cipher, input.agentUuid);
    const description = await handler.describe(tx, deps.cipher, input.payload);
    // Proposals of one kind and subject are taken one after the other.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`controlled:${input.kind}:${description.subjectId}`}))`,
    );
    if (input.idempotencyKey !== null) {
      const [keyed] = await tx
        .select()
        .from(opsProposals)
        .where(
          and(
            eq(opsProposals.proposedBy, agent.identityUuid),
            eq(opsProposals.kind, input.kind),
            eq(opsProposals.idempotencyKey, input.idempotencyKey),
          ),
        );
      if (keyed !== undefined) {
        if (!samePayload(keyed, input.payload)) {
          throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', CONTROL_MESSAGES.keyReused);
        }
        return keyed;
      }
    } else {
      const [pending] = await tx
        .select()
        .from(opsProposals)
        .where(
          and(
            eq(opsProposals.kind, input.kind),
            eq(opsProposals.subjectId, description.subjectId),
            eq(opsProposals.status, 'PENDING'),
          ),
        );
      if (pending !== undefined) {
        if (pending.proposedBy === agent.identityUuid && samePayload(pending, input.payload)) {
          return pending;
        }
        throw new HttpError(
          409,
          'PROPOSAL_PENDING',
          `${CONTROLLED_ACTIONS[input.kind].label} proposed by ${pending.proposedByEmail} is already waiting: approve, reject or withdraw it first.`,
        );
      }
    }
    await assertNotConcerned(tx, deps.cipher, agent.identityUuid, description);
    const id = randomUUID();
    await dryRun(tx, (savepoint) =>
      handler.perform(
        { ...deps, db: savepoint },
        { payload: input.payload, proposalId: id, agent },
      ),
    );
    const at = deps.clock();
    const [proposal] = await tx
      .insert(opsProposals)
      .values({
        id,
        applicationUuid: null,
        kind: input.kind,
        status: 'PENDING',
        proposedBy: agent.identityUuid,
        proposedByEmail: agent.email,
        proposedAt: at,
        reference: description.summary,
        note: 'reason' in input.payload ? String(input.payload.reason) : null,
        subjectType: CONTROLLED_ACTIONS[input.kind].subject,
        subjectId: description.subjectId,
        loanUuid: description.loanUuid,
        payload: input.payload as Record<string, unknown>,
        amountCents: description.amountCents,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    if (proposal === undefined) throw new Error('The proposal was not saved');
    await auditControlledStep(tx, {
      row: proposal,
      agent,
      from: null,
      to: 'PENDING',
      words: 'proposed',
      at,
    });
    return proposal;
  });
  return toControlledActionView(row);
}
