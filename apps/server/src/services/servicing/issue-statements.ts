/**
 * The statement cycle, set-based: every loan whose period has closed (interest accrued through its
 * cycle date) gets its statement once (unique per loan and period): amount due (the interest billed;
 * at maturity the whole balance), due date, balance and interest, each a sum of ledger entries.
 * Then the period rolls over to the next month on the interest-bearing balance. Rendering the PDF
 * and e-mailing it is a job per statement.
 *
 * Arrears keep their own dates (issue 33): of the interest billed and unpaid, what is beyond this
 * period's own interest was due on earlier statements (payments clear the oldest first), so the
 * statement states it apart as past due, since the oldest of those dates: the previous statement's
 * own date, or its past-due date when more is unpaid than that statement's own instalment.
 */
import { PAYMENT_DUE_DAYS_AFTER_STATEMENT } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { ACCRUAL_BATCH_SIZE, ACCRUING_STATUSES_SQL } from './accrue-interest.js';

const RECEIVABLES_SQL = sql.raw(
  `('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST', 'ACCRUED_INTEREST', 'FEES')`,
);
/** Where a batch stopped in servicing_loans_closed_period_idx: the last loan it read. */
export interface TClosedPeriodCursor {
  periodEnd: string;
  loanUuid: string;
}

/** Only the loans after `before` in the batch's order (the index read backward). */
const beforeSql = (before: TClosedPeriodCursor | null) =>
  before === null
    ? sql``
    : sql`AND (s.period_end, s.loan_uuid) < (${before.periodEnd}::date, ${before.loanUuid}::uuid)`;

/**
 * A servicing_loans row `s` whose period has closed by `asOf`: an accruing loan with interest
 * accrued through its cycle date. Its statement is then due (unless written), and after it the
 * next period (unless this was the last).
 */
export const periodClosedSql = (asOf: string) => sql`s.status IN ${ACCRUING_STATUSES_SQL}
    AND s.accrued_through >= s.period_end
    AND s.period_end <= ${asOf}::date`;

/**
 * Whether the closed period of `s` is followed by another: every period of the term but the last,
 * and after maturity every month until the loan is repaid (MATURED: open and past its term). A
 * matured loan's interest keeps accruing at the contract rate on the unpaid balance (the loan
 * agreement's after-maturity terms), billed a month at a time, each statement for the whole balance.
 */
export const rollsOverSql = sql`(s.period_number < s.term_months OR s.status = 'MATURED')`;

/** Whether the statement of `s`'s current period is written. */
export const statementWrittenSql = sql`EXISTS (SELECT 1 FROM servicing_statements t
    WHERE t.loan_uuid = s.loan_uuid AND t.period_number = s.period_number)`;

/**
 * The loans whose period has closed and whose statement is not written, most recent cycle first:
 * servicing_loans_closed_period_idx holds exactly the loans accrued through their cycle date, in
 * this order, so a batch reads the loans it bills and not the loans already billed and rolled over.
 * The loans of a final period (which never roll over) have older cycle dates and come last. A sweep
 * passes each batch the last loan the one before it read, so the batch starts in the index where
 * that one stopped, not at the top of the entries earlier batches left behind until vacuum.
 */
const closedPeriodsSql = (
  asOf: string,
  batchSize: number,
  before: TClosedPeriodCursor | null,
) => sql`
  SELECT s.ctid AS row_id, s.loan_uuid, s.period_number, s.period_end, s.term_months,
    s.period_accrued_cents
  FROM servicing_loans s
  WHERE ${periodClosedSql(asOf)}
    ${beforeSql(before)}
    AND NOT ${statementWrittenSql}
  ORDER BY s.period_end DESC, s.loan_uuid DESC
  LIMIT ${batchSize}
  FOR UPDATE OF s SKIP LOCKED`;

/** The last of a batch's loans in its order, as the next batch's cursor. */
const TAIL_SQL = (cte: string) =>
  sql.raw(`(SELECT period_end::text FROM ${cte} ORDER BY period_end, loan_uuid LIMIT 1) AS last_period_end,
           (SELECT loan_uuid::text FROM ${cte} ORDER BY period_end, loan_uuid LIMIT 1) AS last_loan_uuid`);

type TTailRow = { last_period_end: string | null; last_loan_uuid: string | null };

function cursorOf(row: TTailRow | undefined): TClosedPeriodCursor | null {
  return row?.last_period_end == null || row.last_loan_uuid == null
    ? null
    : { periodEnd: row.last_period_end, loanUuid: row.last_loan_uuid };
}

/**
 * The next period of a loan: it starts at the cycle date, on the interest-bearing balance (the sum
 * of its PRINCIPAL, ORIGINATION_FEE and DEFERRED_INTEREST entries, kept on the row by the ledger's
 * trigger in the transaction of every entry), one segment until that balance changes.
 */
export const NEXT_PERIOD_SET_SQL = sql`
  period_number = s.period_number + 1,
  period_start = s.period_end,
  period_end = (s.funded_on + make_interval(months => s.period_number + 1))::date,
  period_base_cents = s.interest_bearing_cents,
  period_accrued_cents = 0,
  segment_period_number = s.period_number + 1,
  segment_start = s.period_end,
  segment_base_cents = s.interest_bearing_cents,
  segment_accrued_cents = 0,
  updated_at = now()`;

/**
 * Writes one batch of statements and, in the same statement, starts the next period of each loan
 * billed (but the last); answers the statements' uuids.
 */
export async function issueStatementsBatch(
  db: TDb,
  input: { asOf: string; now: Date; batchSize?: number },
): Promise<string[]> {
  return (await issueStatementsPage(db, { ...input, before: null })).uuids;
}

/**
 * One batch of statements after `before`; answers their uuids and the last loan it read. Every
 * loan the batch locked has its period's statement after it (written here, or found written), so
 * each rolls over (but the last period) at the address it was locked at, with no join to plan.
 */
export async function issueStatementsPage(
  db: TDb,
  input: { asOf: string; now: Date; batchSize?: number; before: TClosedPeriodCursor | null },
): Promise<{ uuids: string[]; next: TClosedPeriodCursor | null }> {
  const batchSize = input.batchSize ?? ACCRUAL_BATCH_SIZE;
  const result = await db.execute<TTailRow & { uuids: string[] }>(sql`
    WITH closed AS MATERIALIZED (
      ${closedPeriodsSql(input.asOf, batchSize, input.before)}
    ), issued AS MATERIALIZED (
      INSERT INTO servicing_statements
        (uuid, loan_uuid, period_number, cycle_date, due_date, amount_due_cents, past_due_cents,
         past_due_since, balance_cents, accrued_interest_cents, created_at)
      SELECT gen_random_uuid(), c.loan_uuid, c.period_number, c.period_end,
        CASE WHEN c.period_number >= c.term_months THEN c.period_end
             ELSE c.period_end + ${PAYMENT_DUE_DAYS_AFTER_STATEMENT}::int END,
        CASE WHEN c.period_number >= c.term_months THEN b.total ELSE b.accrued END,
        a.past_due,
        CASE WHEN a.past_due = 0 OR p.due_date IS NULL THEN NULL
             WHEN a.past_due > p.amount_due_cents - p.past_due_cents
               THEN coalesce(p.past_due_since, p.due_date)
             ELSE p.due_date END,
        b.total, b.accrued, ${input.now.toISOString()}::timestamptz
      FROM closed c
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'ACCRUED_INTEREST'), 0) AS accrued,
               coalesce(sum(e.amount_cents) FILTER (WHERE e.account IN ${RECEIVABLES_SQL}), 0) AS total
        FROM ledger_entries e WHERE e.loan_uuid = c.loan_uuid
      ) b
      CROSS JOIN LATERAL (SELECT greatest(b.accrued - c.period_accrued_cents, 0) AS past_due) a
      LEFT JOIN servicing_statements p
        ON p.loan_uuid = c.loan_uuid AND p.period_number = c.period_number - 1
      ON CONFLICT DO NOTHING
      RETURNING uuid, loan_uuid, period_number
    ), rolled AS (
      UPDATE servicing_loans s SET ${NEXT_PERIOD_SET_SQL}
      WHERE s.ctid = ANY (ARRAY(SELECT row_id FROM closed)) AND ${rollsOverSql}
      RETURNING s.loan_uuid
    )
    SELECT coalesce((SELECT array_agg(uuid::text) FROM issued), '{}') AS uuids, ${TAIL_SQL('closed')}`);
  const row = result.rows[0];
  return { uuids: row?.uuids ?? [], next: cursorOf(row) };
}

/**
 * Starts the next period of every loan whose closed period has its statement but did not roll over
 * with it (a statement written before the two were one step); answers how many.
 */
export async function rollOverPeriodsBatch(
  db: TDb,
  input: { asOf: string; batchSize?: number },
): Promise<number> {
  return (await rollOverPeriodsPage(db, { ...input, before: null })).moved;
}

/** One batch of rollovers after `before`; answers how many and the last loan it read. */
export async function rollOverPeriodsPage(
  db: TDb,
  input: { asOf: string; batchSize?: number; before: TClosedPeriodCursor | null },
): Promise<{ moved: number; next: TClosedPeriodCursor | null }> {
  const result = await db.execute<TTailRow & { moved: number }>(sql`
    WITH due AS MATERIALIZED (
      SELECT s.ctid AS row_id, s.loan_uuid, s.period_end FROM servicing_loans s
      WHERE ${periodClosedSql(input.asOf)}
        AND ${rollsOverSql}
        ${beforeSql(input.before)}
        AND ${statementWrittenSql}
      ORDER BY s.period_end DESC, s.loan_uuid DESC
      LIMIT ${input.batchSize ?? ACCRUAL_BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    ), moved AS (
      UPDATE servicing_loans s SET ${NEXT_PERIOD_SET_SQL}
      WHERE s.ctid = ANY (ARRAY(SELECT row_id FROM due))
      RETURNING s.loan_uuid
    )
    SELECT (SELECT count(*)::int FROM moved) AS moved, ${TAIL_SQL('due')}`);
  const row = result.rows[0];
  return { moved: Number(row?.moved ?? 0), next: cursorOf(row) };
}
