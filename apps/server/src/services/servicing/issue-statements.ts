/**
 * The statement cycle, set-based: every loan whose period has closed (interest accrued through its
 * cycle date) gets its statement once (unique per loan and period): amount due (the interest billed;
 * at maturity the whole balance), due date, balance and interest, each a sum of ledger entries.
 * Then the period rolls over to the next month on the interest-bearing balance. Rendering the PDF
 * and e-mailing it is a job per statement.
 */
import { PAYMENT_DUE_DAYS_AFTER_STATEMENT } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { ACCRUAL_BATCH_SIZE, ACCRUING_STATUSES_SQL } from './accrue-interest.js';

const RECEIVABLES_SQL = sql.raw(
  `('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST', 'ACCRUED_INTEREST', 'FEES')`,
);
const INTEREST_BEARING_SQL = sql.raw(`('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST')`);

/**
 * The loans whose period has closed and whose statement is not written, most recent cycle first:
 * servicing_loans_closed_period_idx holds exactly the loans accrued through their cycle date, in
 * this order, so a batch reads the loans it bills and not the loans already billed and rolled over.
 * The loans of a final period (which never roll over) have older cycle dates and come last.
 */
const closedPeriodsSql = (asOf: string, batchSize: number) => sql`
  SELECT s.loan_uuid, s.period_number, s.period_end, s.term_months
  FROM servicing_loans s
  WHERE s.status IN ${ACCRUING_STATUSES_SQL}
    AND s.accrued_through >= s.period_end
    AND s.period_end <= ${asOf}::date
    AND NOT EXISTS (SELECT 1 FROM servicing_statements t
                    WHERE t.loan_uuid = s.loan_uuid AND t.period_number = s.period_number)
  ORDER BY s.period_end DESC, s.loan_uuid DESC
  LIMIT ${batchSize}
  FOR UPDATE OF s SKIP LOCKED`;

/** The next period of a loan: it starts at the cycle date, on the interest-bearing balance. */
const NEXT_PERIOD_SET_SQL = sql`
  period_number = s.period_number + 1,
  period_start = s.period_end,
  period_end = (s.funded_on + make_interval(months => s.period_number + 1))::date,
  period_base_cents = (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
                       WHERE e.loan_uuid = s.loan_uuid AND e.account IN ${INTEREST_BEARING_SQL}),
  period_accrued_cents = 0,
  updated_at = now()`;

/**
 * Writes one batch of statements and, in the same statement, starts the next period of each loan
 * billed (but the last); answers the statements' uuids.
 */
export async function issueStatementsBatch(
  db: TDb,
  input: { asOf: string; now: Date; batchSize?: number },
): Promise<string[]> {
  const result = await db.execute<{ uuid: string }>(sql`
    WITH closed AS MATERIALIZED (
      ${closedPeriodsSql(input.asOf, input.batchSize ?? ACCRUAL_BATCH_SIZE)}
    ), issued AS MATERIALIZED (
      INSERT INTO servicing_statements
        (uuid, loan_uuid, period_number, cycle_date, due_date, amount_due_cents, balance_cents,
         accrued_interest_cents, created_at)
      SELECT gen_random_uuid(), c.loan_uuid, c.period_number, c.period_end,
        CASE WHEN c.period_number >= c.term_months THEN c.period_end
             ELSE c.period_end + ${PAYMENT_DUE_DAYS_AFTER_STATEMENT}::int END,
        CASE WHEN c.period_number >= c.term_months THEN b.total ELSE b.accrued END,
        b.total, b.accrued, ${input.now.toISOString()}::timestamptz
      FROM closed c
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'ACCRUED_INTEREST'), 0) AS accrued,
               coalesce(sum(e.amount_cents) FILTER (WHERE e.account IN ${RECEIVABLES_SQL}), 0) AS total
        FROM ledger_entries e WHERE e.loan_uuid = c.loan_uuid
      ) b
      ON CONFLICT DO NOTHING
      RETURNING uuid, loan_uuid, period_number
    ), rolled AS (
      UPDATE servicing_loans s SET ${NEXT_PERIOD_SET_SQL}
      FROM issued i
      WHERE s.loan_uuid = ANY (ARRAY(SELECT loan_uuid FROM issued)) AND s.loan_uuid = i.loan_uuid
        AND s.period_number = i.period_number AND s.period_number < s.term_months
      RETURNING s.loan_uuid
    )
    SELECT uuid FROM issued`);
  return result.rows.map((row) => row.uuid);
}

/**
 * Starts the next period of every loan whose closed period has its statement but did not roll over
 * with it (a statement written before the two were one step); answers how many.
 */
export async function rollOverPeriodsBatch(
  db: TDb,
  input: { asOf: string; batchSize?: number },
): Promise<number> {
  const result = await db.execute(sql`
    WITH due AS MATERIALIZED (
      SELECT s.loan_uuid FROM servicing_loans s
      WHERE s.status IN ${ACCRUING_STATUSES_SQL}
        AND s.accrued_through >= s.period_end
        AND s.period_end <= ${input.asOf}::date
        AND s.period_number < s.term_months
        AND EXISTS (SELECT 1 FROM servicing_statements t
                    WHERE t.loan_uuid = s.loan_uuid AND t.period_number = s.period_number)
      ORDER BY s.period_end DESC, s.loan_uuid DESC
      LIMIT ${input.batchSize ?? ACCRUAL_BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    ), moved AS (
      UPDATE servicing_loans s SET ${NEXT_PERIOD_SET_SQL}
      FROM due
      WHERE s.loan_uuid = ANY (ARRAY(SELECT loan_uuid FROM due)) AND s.loan_uuid = due.loan_uuid
      RETURNING s.loan_uuid
    )
    SELECT count(*)::int AS moved FROM moved`);
  return Number((result.rows[0] as { moved?: number } | undefined)?.moved ?? 0);
}
