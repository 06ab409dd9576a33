/**
 * Why each cancelled application ended (issue 34, finding 7), read from the audit event of its
 * cancellation: the sweep or agent that cancelled it, and for a renewal ended on committing, the
 * rule's message it recorded. And the legacy loan ids of refinancing applications, which their
 * cards name.
 */
import {
  RENEWAL_MESSAGES,
  type TApplicationEndReason,
  type TApplicationEnding,
} from '@pledge/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, refiApplicationLoans } from '../../db/schema/index.js';

/**
 * The actors that cancel applications (apply-transition.ts `actors`): the unfunded sweep
 * (cancel-unfunded.ts), a renewal ended when committed (reprice-renewal.ts) and the refinancing
 * expiry (complete-refi.ts). Named here as strings: those modules read applications through this
 * one.
 */
const CANCEL_UNFUNDED = 'system:cancel-unfunded';
const RENEWAL_COMMIT = 'system:renewal-commit';
const REFI_EXPIRY = 'system:refi';

export function endReasonOf(event: {
  actor: string;
  reason: string | null;
}): TApplicationEndReason | null {
  if (event.actor === CANCEL_UNFUNDED) return 'COLLATERAL_DEADLINE';
  if (event.actor === RENEWAL_COMMIT) {
    return event.reason === RENEWAL_MESSAGES.matured ? 'MATURED' : 'REPRICED';
  }
  if (event.actor === REFI_EXPIRY) return 'REFI_EXPIRED';
  if (event.actor.startsWith('agent:')) return 'BY_SUPPORT';
  return null;
}

/** The ending of each cancelled application, by uuid (one query). */
export async function endingsByApplication(
  db: TDb,
  rows: readonly { uuid: string; state: string }[],
): Promise<Map<string, TApplicationEnding>> {
  const cancelled = rows.filter((row) => row.state === 'CANCELLED').map((row) => row.uuid);
  const endings = new Map<string, TApplicationEnding>();
  if (cancelled.length === 0) return endings;
  const events = await db
    .select({
      appUuid: auditEvents.entityId,
      actor: auditEvents.actor,
      reason: auditEvents.reason,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'application'),
        inArray(auditEvents.entityId, cancelled),
        eq(auditEvents.toState, 'CANCELLED'),
      ),
    )
    .orderBy(desc(auditEvents.at));
  for (const event of events) {
    if (endings.has(event.appUuid)) continue;
    const reason = endReasonOf(event);
    if (reason !== null) endings.set(event.appUuid, { reason, at: event.at.toISOString() });
  }
  return endings;
}

/** The legacy loan ids of each refinancing application, in loan-id order (one query). */
export async function celsiusLoanNumbersByApplication(
  db: TDb,
  rows: readonly { uuid: string; isCelsiusRefi: boolean }[],
): Promise<Map<string, string[]>> {
  const uuids = rows.filter((row) => row.isCelsiusRefi).map((row) => row.uuid);
  const byApp = new Map<string, string[]>();
  if (uuids.length === 0) return byApp;
  const loans = await db
    .select()
    .from(refiApplicationLoans)
    .where(inArray(refiApplicationLoans.applicationUuid, uuids))
    .orderBy(asc(refiApplicationLoans.loanId));
  for (const loan of loans) {
    byApp.set(loan.applicationUuid, [...(byApp.get(loan.applicationUuid) ?? []), loan.loanId]);
  }
  return byApp;
}
