/**
 * Collateral must arrive within COLLATERAL_DEADLINE_CALENDAR_DAYS of the last signature (document
 * 1 §9); an application still WAITING_FOR_COLLATERAL after that is CANCELLED (UNFUNDED_TIMEOUT).
 * The signature time is when the application entered WAITING_FOR_COLLATERAL (its audit event).
 * Run as a periodic sweep: it needs no hook in the signing flow, catches applications whatever
 * moved them there, and is safe on several instances (applyTransition locks the row and refuses
 * a second cancellation).
 */
import {
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  isCollateralOverdue,
  isDomainError,
} from '@pledge/domain';
import { and, eq, lt, max, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, auditEvents } from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';
import { APPLICATION_ENTITY } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { watchApplicationDeposits, type TWatchDepositsDeps } from './watch-deposits.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

export const CANCEL_UNFUNDED_ACTOR = actors.system('cancel-unfunded');

export interface TCancelUnfundedDeps extends TWatchDepositsDeps {
  db: TDb;
  clock: TClock;
}

/** Applications waiting for collateral, with the time they started waiting, past the deadline. */
async function overdueApplications(
  db: TDb,
  now: Date,
): Promise<{ uuid: string; signedAt: Date }[]> {
  const cutoff = new Date(now.getTime() - COLLATERAL_DEADLINE_CALENDAR_DAYS * MS_PER_DAY);
  const signedAt = max(auditEvents.at);
  const rows = await db
    .select({ uuid: applications.uuid, signedAt })
    .from(applications)
    .innerJoin(
      auditEvents,
      and(
        eq(auditEvents.entityType, APPLICATION_ENTITY),
        eq(auditEvents.entityId, sql`${applications.uuid}::text`),
        eq(auditEvents.toState, 'WAITING_FOR_COLLATERAL'),
      ),
    )
    .where(eq(applications.state, 'WAITING_FOR_COLLATERAL'))
    .groupBy(applications.uuid)
    .having(lt(signedAt, cutoff));
  return rows.flatMap((row) =>
    row.signedAt === null ? [] : [{ uuid: row.uuid, signedAt: row.signedAt }],
  );
}

/**
 * Cancels every overdue application, after one last look at its deposit address (a deposit that
 * confirmed since the previous poll funds it instead). When the chain cannot be asked, the
 * application is left for the next sweep rather than cancelled on a guess.
 */
export async function cancelUnfundedApplications(
  deps: TCancelUnfundedDeps,
): Promise<{ cancelled: string[]; skipped: string[] }> {
  const now = deps.clock();
  const cancelled: string[] = [];
  const skipped: string[] = [];
  for (const { uuid, signedAt } of await overdueApplications(deps.db, now)) {
    if (!isCollateralOverdue({ signedAt, now })) continue;
    try {
      const watched = await watchApplicationDeposits(deps, uuid);
      if (watched?.funded === true) continue;
    } catch {
      skipped.push(uuid);
      continue;
    }
    try {
      await applyTransition(deps.db, {
        appUuid: uuid,
        event: 'UNFUNDED_TIMEOUT',
        actor: CANCEL_UNFUNDED_ACTOR,
        reason: `No collateral within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days of signing`,
        at: now,
      });
      cancelled.push(uuid);
    } catch (error) {
      // Another instance or a deposit moved it on in the meantime.
      if (!isDomainError(error)) throw error;
    }
  }
  return { cancelled, skipped };
}
