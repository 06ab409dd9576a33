/**
 * Past-due notices (issue 33, arrears that age): 1, 10 and 30 days after the due date of an
 * instalment still unpaid, before maturity (a matured loan's collection notices are the risk
 * pass's), each once per loan and instalment: a servicing_notices row (unique per loan and kind)
 * and the e-mail are written in one transaction, so two instances, a retry or a second sweep of the
 * day send nothing twice.
 *
 * Which loans to look at: the days past due count from the oldest unpaid due date, which is a
 * statement's due date, so a notice day N falls on the day after (due date + N). The step reads
 * only the statements whose due date + N passed since its last run (servicing_sweep_marks), by the
 * statements' due-date index: a day's worth per run, however large the book, and every day in
 * between when the clock jumped. What is due on each such loan is the domain's whatIsDue
 * (loan-due.ts), as the loan page shows it. When the clock jumped past more than one notice day of
 * the same arrears, only the latest notice is sent (the earlier ones are recorded as passed).
 */
import { addDays, PAST_DUE_NOTICE_DAYS } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { queueEmail, type TQueueEmailDeps } from '../email/queue-email.js';
import { balancesOf } from './ledger-store.js';
import { dueOf, dueRecordsOf } from './loan-due.js';
import { pastDueNoticeMessage } from './servicing-messages.js';
import { borrowerEmailOf, brandOfLoan, loadLoan } from './servicing-record.js';

const STEP = 'past-due-notices';

/** The notice row's kind: the notice day and the instalment whose arrears it is about. */
export function pastDueNoticeKind(days: number, instalmentNumber: number): string {
  return `past-due-${days}:${instalmentNumber}`;
}

/** The day before the step's first run, or the day it last ran through. */
async function lastRunThrough(db: TDb, asOf: string): Promise<string> {
  const result = await db.execute<{ through_day: string }>(
    sql`SELECT through_day::text FROM servicing_sweep_marks WHERE step = ${STEP}`,
  );
  const through = result.rows[0]?.through_day;
  return through === undefined || through > asOf ? addDays(asOf, -1) : through;
}

/**
 * The open loans before maturity with a statement whose due date + N days fell in
 * (`after`, `asOf`] for some notice day N, and something unpaid after its date: billed interest
 * unpaid beyond what the latest statement asks by its own date, or that date passed with some of it
 * unpaid (a loan whose only unpaid bill is not due yet is left alone).
 */
async function candidateLoans(db: TDb, after: string, asOf: string): Promise<string[]> {
  const windows = PAST_DUE_NOTICE_DAYS.map(
    (days) =>
      sql`(t.due_date > ${addDays(after, -days)}::date AND t.due_date <= ${addDays(asOf, -days)}::date)`,
  );
  const result = await db.execute<{ loan_uuid: string }>(sql`
    SELECT DISTINCT t.loan_uuid FROM servicing_statements t
    JOIN servicing_loans s ON s.loan_uuid = t.loan_uuid
    LEFT JOIN ledger_account_balances b
      ON b.loan_uuid = s.loan_uuid AND b.account = 'ACCRUED_INTEREST'
    CROSS JOIN LATERAL (
      SELECT l.due_date, l.amount_due_cents - l.past_due_cents AS own_cents
      FROM servicing_statements l WHERE l.loan_uuid = s.loan_uuid
      ORDER BY l.period_number DESC LIMIT 1
    ) latest
    WHERE (${sql.join(windows, sql` OR `)})
      AND s.status IN ('ACTIVE', 'MARGIN_CALL') AND s.maturity_date > ${asOf}::date
      AND coalesce(b.cents, 0) > s.period_accrued_cents
      AND (latest.due_date < ${asOf}::date
        OR coalesce(b.cents, 0) - s.period_accrued_cents > latest.own_cents)`);
  return result.rows.map((row) => row.loan_uuid);
}

/** Sends the notices due on `asOf`; answers how many were sent. */
export async function sendPastDueNotices(
  deps: TQueueEmailDeps & { db: TDb },
  asOf: string,
  now: Date,
): Promise<number> {
  const after = await lastRunThrough(deps.db, asOf);
  let sent = 0;
  if (after < asOf) {
    const loanUuids = await candidateLoans(deps.db, after, asOf);
    const records = await dueRecordsOf(deps.db, loanUuids);
    for (const loanUuid of loanUuids) {
      const context = await loadLoan(deps.db, loanUuid);
      const balances = await balancesOf(deps.db, loanUuid);
      const due = dueOf({ loan: context.loan, balances, records: records.get(loanUuid), asOf });
      const oldest = due.instalments.find((row) => row.status === 'PAST_DUE');
      if (oldest === undefined || due.pastDueSince === null || due.isMatured) continue;
      const reached = PAST_DUE_NOTICE_DAYS.filter((days) => due.daysPastDue >= days);
      if (reached.length === 0) continue;
      const kinds = reached.map((days) => pastDueNoticeKind(days, oldest.number));
      const pastDueSince = due.pastDueSince;
      const isSent = await deps.db.transaction(async (tx) => {
        const inserted = await tx.execute<{ kind: string }>(sql`
          INSERT INTO servicing_notices (loan_uuid, kind, sent_at)
          SELECT ${loanUuid}::uuid, kind, ${now.toISOString()}::timestamptz
          FROM unnest(${`{${kinds.join(',')}}`}::text[]) AS kind
          ON CONFLICT DO NOTHING RETURNING kind`);
        // The latest notice day reached is the one to send, if this run recorded it.
        const latest = kinds[kinds.length - 1];
        if (!inserted.rows.some((row) => row.kind === latest)) return false;
        await queueEmail(
          tx,
          deps,
          'past-due-notice',
          pastDueNoticeMessage({
            to: borrowerEmailOf(deps.cipher, context),
            brand: brandOfLoan(context, deps.sandbox),
            daysPastDue: due.daysPastDue,
            pastDueCents: due.pastDueCents,
            pastDueSince,
            amountDueCents: due.amountDueCents,
            nextDueDate: due.nextDueDate ?? pastDueSince,
          }),
        );
        return true;
      });
      if (isSent) sent += 1;
    }
  }
  await deps.db.execute(sql`
    INSERT INTO servicing_sweep_marks (step, through_day, updated_at)
    VALUES (${STEP}, ${asOf}::date, ${now.toISOString()}::timestamptz)
    ON CONFLICT (step) DO UPDATE SET through_day = greatest(servicing_sweep_marks.through_day,
      excluded.through_day), updated_at = excluded.updated_at`);
  return sent;
}
