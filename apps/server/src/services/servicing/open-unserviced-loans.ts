/**
 * Loans funded before servicing existed: the release before it (c329e91) funded loans (application
 * COMPLETE) without a servicing row, and servicing opens only on the transition to COMPLETE, so such
 * a loan had no loan page, no ledger, no interest and no risk monitoring. Each application in
 * COMPLETE without a servicing loan is opened here exactly as that transition opens one
 * (onLoanTransition → openLoanLedger), dated at its funding (its first transition to COMPLETE in
 * the audit trail): the opening journals on that day, the schedule from it; the servicing sweep then
 * accrues its interest since, period by period, as after any jump of the clock.
 *
 * A boot step (deploy/prepare-stored-data.ts), idempotent: a loan opened already is not selected,
 * and instances booting together open each loan once, as each is opened under its application's
 * row lock (the lock a transition takes) and re-checked under it.
 */
import type { TApplicationState } from '@pledge/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, auditEvents, servicingLoans } from '../../db/schema/index.js';
import { APPLICATION_ENTITY } from '../applications/apply-transition.js';
import { onLoanTransition } from './on-loan-transition.js';

/** Applications read per query; each loan is opened in its own short transaction. */
const UNSERVICED_BATCH_SIZE = 200;

/** The state before COMPLETE when the audit trail names none (the agent's release). */
const FUNDED_FROM: TApplicationState = 'MANUAL_FUNDING_RELEASE';

export interface TUnservicedLoans {
  /** The loans opened by this run. */
  opened: string[];
  /**
   * Funded applications that still have no servicing loan: no accepted offer to open one from.
   * Reconciliation lists them.
   */
  notOpened: string[];
  /** Loans whose opening failed (rolled back; the next boot tries again), with the reason. */
  failed: { loanUuid: string; error: string }[];
}

type TCursor = { createdAt: string; uuid: string };

/** One page of funded applications without a servicing loan, after `after` in the state index. */
async function unservicedPage(db: TDb, after: TCursor | null): Promise<TCursor[]> {
  const result = await db.execute<{ created_at: string; uuid: string }>(sql`
    SELECT a.created_at::text AS created_at, a.uuid::text AS uuid
    FROM applications a
    WHERE a.state = 'COMPLETE'
      ${after === null ? sql`` : sql`AND (a.created_at, a.uuid) > (${after.createdAt}::timestamptz, ${after.uuid}::uuid)`}
      AND NOT EXISTS (SELECT 1 FROM servicing_loans s WHERE s.loan_uuid = a.uuid)
    ORDER BY a.created_at, a.uuid
    LIMIT ${UNSERVICED_BATCH_SIZE}`);
  return result.rows.map((row) => ({ createdAt: row.created_at, uuid: row.uuid }));
}

/** Opens one loan under its application's lock; answers whether it is serviced now. */
async function openOne(db: TDb, appUuid: string): Promise<'opened' | 'serviced' | 'not-opened'> {
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(applications)
      .where(eq(applications.uuid, appUuid))
      .for('no key update');
    if (application?.state !== 'COMPLETE') return 'serviced';
    const isServiced = async () =>
      (
        await tx
          .select({ loanUuid: servicingLoans.loanUuid })
          .from(servicingLoans)
          .where(eq(servicingLoans.loanUuid, appUuid))
      ).length > 0;
    // Another instance's boot (or a transition) opened it while this one waited for the lock.
    if (await isServiced()) return 'serviced';
    const [funding] = await tx
      .select({ at: auditEvents.at, from: auditEvents.fromState })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, APPLICATION_ENTITY),
          eq(auditEvents.entityId, appUuid),
          eq(auditEvents.toState, 'COMPLETE'),
        ),
      )
      .orderBy(asc(auditEvents.at))
      .limit(1);
    await onLoanTransition(tx, {
      application,
      from: (funding?.from as TApplicationState | null | undefined) ?? FUNDED_FROM,
      to: 'COMPLETE',
      // Without an audited funding (none is written without one), the last change of the row.
      at: funding?.at ?? application.updatedAt,
    });
    return (await isServiced()) ? 'opened' : 'not-opened';
  });
}

export async function openUnservicedLoans(db: TDb): Promise<TUnservicedLoans> {
  const result: TUnservicedLoans = { opened: [], notOpened: [], failed: [] };
  let after: TCursor | null = null;
  for (;;) {
    const page = await unservicedPage(db, after);
    for (const { uuid } of page) {
      try {
        const outcome = await openOne(db, uuid);
        if (outcome === 'opened') result.opened.push(uuid);
        if (outcome === 'not-opened') result.notOpened.push(uuid);
      } catch (error) {
        // One loan the servicing invariants refuse does not stop the boot of every instance: it
        // is named in the log and in reconciliation, and tried again at the next boot.
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        result.failed.push({ loanUuid: uuid, error: reason });
      }
    }
    if (page.length < UNSERVICED_BATCH_SIZE) return result;
    after = page.at(-1) ?? null;
  }
}
