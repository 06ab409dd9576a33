/**
 * The recorded payoff of a loan. The applications table has no column for how a loan was paid off,
 * so the payoff is an audit record of its own (entity `payoff`, the application's uuid, `to_state`
 * the method), written in the same transaction as the PAID_OFF transition. The borrower's release
 * page reads it for the hold on the crypto (document 1 §9).
 */
import type { TCollateralPayoff } from '@pledge/contract';
import { collateralHeldUntil, PAYOFF_METHODS, type TPayoffMethod } from '@pledge/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents } from '../../db/schema/index.js';

/** audit_events.entity_type of payoffs. */
export const PAYOFF_ENTITY = 'payoff';

function isPayoffMethod(value: string | null): value is TPayoffMethod {
  return value !== null && (PAYOFF_METHODS as readonly string[]).includes(value);
}

export async function recordPayoffMethod(
  tx: TDb,
  input: { appUuid: string; actor: string; method: TPayoffMethod; reason: string; at: Date },
): Promise<void> {
  await tx.insert(auditEvents).values({
    entityType: PAYOFF_ENTITY,
    entityId: input.appUuid,
    actor: input.actor,
    fromState: null,
    toState: input.method,
    reason: input.reason,
    at: input.at,
  });
}

/** The latest recorded payoff of an application, with the end of its hold; undefined if none. */
export async function readPayoff(db: TDb, appUuid: string): Promise<TCollateralPayoff | undefined> {
  const [row] = await db
    .select({ method: auditEvents.toState, at: auditEvents.at })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, PAYOFF_ENTITY), eq(auditEvents.entityId, appUuid)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1);
  if (row === undefined || !isPayoffMethod(row.method)) return undefined;
  return {
    method: row.method,
    paidOffAt: row.at.toISOString(),
    heldUntil: collateralHeldUntil(row.at, row.method).toISOString(),
  };
}
