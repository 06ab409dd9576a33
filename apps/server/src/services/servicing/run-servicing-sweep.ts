/**
 * The servicing sweep, for one day of the deployment's clock: accrue interest, issue the
 * statements of closed periods (each then rendered and e-mailed by its own job), roll periods
 * over, debit autopay, send past-due notices and maturity reminders and mark matured loans. Every step is set-based
 * and idempotent per day and cycle, so the sweep can run any number of times; after the sandbox
 * clock jumps, one run catches up period by period.
 */
import { randomUUID } from 'node:crypto';
import { isoDay, MATURITY_REMINDER_DAYS } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import { servicingSweepJob } from '../../jobs/definitions/servicing-sweep.js';
import { statementDeliveryJob } from '../../jobs/definitions/statement-delivery.js';
import { queueEmail } from '../email/queue-email.js';
import { accrualDueSql, accrueInterestPage, type TAccrualCursor } from './accrue-interest.js';
import { drainPages } from './drain-pages.js';
import {
  issueStatementsPage,
  periodClosedSql,
  rollOverPeriodsPage,
  rollsOverSql,
  statementWrittenSql,
  type TClosedPeriodCursor,
} from './issue-statements.js';
import { balancesOf } from './ledger-store.js';
import { makePayment, type TPaymentDeps } from './make-payment.js';
import { logUnservicedLoans, openUnservicedLoans } from './open-unserviced-loans.js';
import { loanMaturedMessage, maturityReminderMessage } from './servicing-messages.js';
import { borrowerEmailOf, brandOfLoan, loadLoan } from './servicing-record.js';
import { sendCollectionNotices } from './send-collection-notices.js';
import { sendPastDueNotices } from './send-past-due-notices.js';
import { recordSweepRun } from '../health/record-sweep-run.js';
import type { TLog } from '../../logger.js';

/**
 * Each step runs over every loan it finds, batch after batch (drainPages); the steps repeat until
 * none moves anything, so a book of any size (and a clock that jumped months: accrual stops at each
 * cycle date, the statement and rollover open the next period) is caught up in one run. Every
 * repetition that moves something moves a loan forward, so the loop ends; this bound only stops a
 * defect from spinning forever.
 */
const MAX_ROUNDS = 1_000;

export interface TSweepResult {
  accrued: number;
  statements: number;
  rolledOver: number;
  autopay: number;
  pastDueNotices: number;
  reminders: number;
  matured: number;
  collectionNotices: number;
}

export async function accrueAndIssueStatements(
  db: TDb,
  asOf: string,
  now: Date,
): Promise<Pick<TSweepResult, 'accrued' | 'statements' | 'rolledOver'>> {
  const result = { accrued: 0, statements: 0, rolledOver: 0 };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const accrued = await drainPages<TAccrualCursor>(async (after) => {
      const { moved, next } = await accrueInterestPage(db, { asOf, after });
      return { count: moved, next };
    });
    const issued = await drainPages<TClosedPeriodCursor>((before) =>
      db.transaction(async (tx) => {
        const { uuids, next } = await issueStatementsPage(tx, { asOf, now, before });
        for (const uuid of uuids) {
          await enqueue(
            tx,
            statementDeliveryJob,
            { statementUuid: uuid },
            { dedupeKey: `statement:${uuid}` },
          );
        }
        return { count: uuids.length, next };
      }),
    );
    const rolled = await drainPages<TClosedPeriodCursor>(async (before) => {
      const { moved, next } = await rollOverPeriodsPage(db, { asOf, before });
      return { count: moved, next };
    });
    result.accrued += accrued;
    result.statements += issued;
    result.rolledOver += rolled;
    if (accrued + issued + rolled === 0) break;
  }
  return result;
}

/** Autopay: each loan with autopay on and billed interest due today or earlier, once per statement. */
async function runAutopay(deps: TPaymentDeps, asOf: string): Promise<number> {
  const due = await deps.db.execute<{ loan_uuid: string; period_number: number; owed: string }>(sql`
    SELECT s.loan_uuid, t.period_number,
      (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
        WHERE e.loan_uuid = s.loan_uuid AND e.account = 'ACCRUED_INTEREST') - s.period_accrued_cents AS owed
    FROM servicing_loans s
    JOIN LATERAL (SELECT period_number, due_date FROM servicing_statements t
                  WHERE t.loan_uuid = s.loan_uuid ORDER BY period_number DESC LIMIT 1) t ON true
    WHERE s.autopay_enabled AND s.status IN ('ACTIVE', 'MARGIN_CALL') AND t.due_date <= ${asOf}::date
      AND NOT EXISTS (SELECT 1 FROM servicing_payments p WHERE p.loan_uuid = s.loan_uuid
                      AND p.idempotency_key = 'autopay:' || t.period_number)`);
  let count = 0;
  for (const row of due.rows) {
    const owed = Number(row.owed);
    if (owed <= 0) continue;
    try {
      await makePayment(deps, {
        loanUuid: row.loan_uuid,
        amountCents: owed,
        method: 'AUTOPAY',
        purpose: 'PAYMENT',
        idempotencyKey: `autopay:${row.period_number}`,
        actor: 'system:autopay',
      });
    } catch (error) {
      // The borrower's own payments in flight leave less than the bill owing: nothing was
      // written, and the next sweep pays what is still billed once they are posted. Any other
      // refusal stops the sweep, to be seen.
      if (error instanceof HttpError && error.code === 'VALIDATION_ERROR') continue;
      throw error;
    }
    count += 1;
  }
  return count;
}

/** Reminders 30, 14 and 3 days before maturity, each once (a notice row per loan and kind). */
async function sendMaturityNotices(deps: TPaymentDeps, asOf: string, now: Date) {
  let reminders = 0;
  for (const days of MATURITY_REMINDER_DAYS) {
    const kind = `maturity-reminder-${days}`;
    const rows = await deps.db.execute<{ loan_uuid: string }>(sql`
      INSERT INTO servicing_notices (loan_uuid, kind, sent_at)
      SELECT loan_uuid, ${kind}, ${now.toISOString()}::timestamptz FROM servicing_loans
      WHERE status IN ('ACTIVE', 'MARGIN_CALL')
        AND maturity_date > ${asOf}::date AND maturity_date <= ${asOf}::date + ${days}::int
      ON CONFLICT DO NOTHING RETURNING loan_uuid`);
    for (const row of rows.rows) {
      const context = await loadLoan(deps.db, row.loan_uuid);
      const balances = await balancesOf(deps.db, row.loan_uuid);
      await deps.db.transaction((tx) =>
        queueEmail(
          tx,
          deps,
          'maturity-reminder',
          maturityReminderMessage({
            to: borrowerEmailOf(deps.cipher, context),
            brand: brandOfLoan(context, deps.sandbox),
            daysBefore: days,
            maturityDate: context.loan.maturityDate,
            balanceCents: balances.totalCents,
          }),
        ),
      );
      reminders += 1;
    }
  }
  const matured = await deps.db.execute<{ loan_uuid: string }>(sql`
    UPDATE servicing_loans SET status = 'MATURED', updated_at = now()
    WHERE status IN ('ACTIVE', 'MARGIN_CALL') AND maturity_date <= ${asOf}::date
    RETURNING loan_uuid`);
  for (const row of matured.rows) {
    const context = await loadLoan(deps.db, row.loan_uuid);
    const balances = await balancesOf(deps.db, row.loan_uuid);
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO audit_events (entity_type, entity_id, actor, from_state, to_state, reason, at)
        VALUES ('servicing-loan', ${row.loan_uuid}, 'system:maturity', 'ACTIVE', 'MATURED',
                'Matured unpaid and not renewed', ${now.toISOString()}::timestamptz)`);
      await queueEmail(
        tx,
        deps,
        'loan-matured',
        loanMaturedMessage({
          to: borrowerEmailOf(deps.cipher, context),
          brand: brandOfLoan(context, deps.sandbox),
          maturityDate: context.loan.maturityDate,
          amountDueCents: balances.totalCents,
        }),
      );
    });
  }
  return { reminders, matured: matured.rows.length };
}

/**
 * Whether a loan is still due for accrual, a statement or a rollover on `asOf` after a sweep: one
 * another transaction held locked while the sweep passed it (each step skips locked rows rather
 * than wait). Reads the sweep's own partial indexes, without locking anything.
 */
export async function cycleWorkLeft(db: TDb, asOf: string): Promise<boolean> {
  const result = await db.execute<{ left: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM servicing_loans s WHERE ${accrualDueSql(asOf)})
      OR EXISTS (SELECT 1 FROM servicing_loans s
                 WHERE ${periodClosedSql(asOf)}
                   AND (${rollsOverSql} OR NOT ${statementWrittenSql})) AS left`);
  return result.rows[0]?.left === true;
}

/** A sweep after this one, for the loans it found locked: soon. */
export const SWEEP_FOLLOW_UP_DELAY_MS = 5_000;

/**
 * `followUpKey` names the one follow-up this sweep may queue (the job passes its own id, so a retry
 * of the same job queues none twice and follow-ups form one chain, not a growing crowd).
 */
export async function runServicingSweep(
  deps: TPaymentDeps & {
    log?: TLog;
  },
  options: { followUpKey?: string } = {},
): Promise<TSweepResult & { followUp: boolean }> {
  const now = deps.clock();
  const asOf = isoDay(now);
  // A loan an instance of the release before funded during a rolling deploy, after this release's
  // boot opened the others: opened first, so that the accrual below catches it up.
  const unserviced = await openUnservicedLoans(deps.db);
  if (deps.log !== undefined) logUnservicedLoans(deps.log, unserviced, 'sweep');
  const cycle = await accrueAndIssueStatements(deps.db, asOf, now);
  const autopay = await runAutopay(deps, asOf);
  const pastDueNotices = await sendPastDueNotices(deps, asOf, now);
  const notices = await sendMaturityNotices(deps, asOf, now);
  // A loan that matured unpaid today rolls over past its term: its interest runs on from the
  // maturity date (the after-maturity terms), and the cycle catches it up now.
  const afterMaturity =
    notices.matured > 0 ? await accrueAndIssueStatements(deps.db, asOf, now) : null;
  const collectionNotices = await sendCollectionNotices(deps, asOf, now);
  // A loan locked while the sweep passed it (a payment, a deferral, a liquidation in progress)
  // is not left until the next scheduled sweep: another one follows shortly.
  const followUp = await cycleWorkLeft(deps.db, asOf);
  if (followUp) {
    await enqueue(
      deps.db,
      servicingSweepJob,
      {},
      {
        runAt: new Date(now.getTime() + SWEEP_FOLLOW_UP_DELAY_MS),
        dedupeKey: options.followUpKey ?? `servicing-sweep:follow-up:${randomUUID()}`,
      },
    );
  }
  const result = {
    accrued: cycle.accrued + (afterMaturity?.accrued ?? 0),
    statements: cycle.statements + (afterMaturity?.statements ?? 0),
    rolledOver: cycle.rolledOver + (afterMaturity?.rolledOver ?? 0),
    autopay,
    pastDueNotices,
    ...notices,
    collectionNotices,
    followUp,
  };
  deps.log?.info({ asOf, ...result }, 'servicing sweep');
  await recordSweepRun(deps.db, 'servicing-sweep', now);
  return result;
}
