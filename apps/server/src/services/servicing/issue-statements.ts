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

/** Writes one batch of statements; answers their uuids. */
export async function issueStatementsBatch(
  db: TDb,
  input: { asOf: string; now: Date; batchSize?: number },
): Promise<string[]> {
  const result = await db.execute<{ uuid: string }>(sql`
    INSERT INTO servicing_statements
      (uuid, loan_uuid, period_number, cycle_date, due_date, amount_due_cents, balance_cents,
       accrued_interest_cents, created_at)
    SELECT gen_random_uuid(), s.loan_uuid, s.period_number, s.period_end,
      CASE WHEN s.period_number >= s.term_months THEN s.period_end
           ELSE s.period_end + ${PAYMENT_DUE_DAYS_AFTER_STATEMENT}::int END,
      CASE WHEN s.period_number >= s.term_months THEN b.total ELSE b.accrued END,
      b.total, b.accrued, ${input.now.toISOString()}::timestamptz
    FROM servicing_loans s
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'ACCRUED_INTEREST'), 0) AS accrued,
             coalesce(sum(e.amount_cents) FILTER (WHERE e.account IN ${RECEIVABLES_SQL}), 0) AS total
      FROM ledger_entries e WHERE e.loan_uuid = s.loan_uuid
    ) b
    WHERE s.status IN ${ACCRUING_STATUSES_SQL}
      AND s.period_end <= ${input.asOf}::date
      AND s.accrued_through >= s.period_end
      AND NOT EXISTS (SELECT 1 FROM servicing_statements t
                      WHERE t.loan_uuid = s.loan_uuid AND t.period_number = s.period_number)
    LIMIT ${input.batchSize ?? ACCRUAL_BATCH_SIZE}
    ON CONFLICT DO NOTHING
    RETURNING uuid`);
  return result.rows.map((row) => row.uuid);
}

/** Starts the next period of every loan whose closed period has its statement; answers how many. */
export async function rollOverPeriodsBatch(
  db: TDb,
  input: { asOf: string; batchSize?: number },
): Promise<number> {
  const result = await db.execute(sql`
    WITH due AS MATERIALIZED (
      SELECT s.loan_uuid FROM servicing_loans s
      WHERE s.status IN ${ACCRUING_STATUSES_SQL}
        AND s.period_end <= ${input.asOf}::date
        AND s.accrued_through >= s.period_end
        AND s.period_number < s.term_months
        AND EXISTS (SELECT 1 FROM servicing_statements t
                    WHERE t.loan_uuid = s.loan_uuid AND t.period_number = s.period_number)
      LIMIT ${input.batchSize ?? ACCRUAL_BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    ), moved AS (
      UPDATE servicing_loans s
      SET period_number = s.period_number + 1,
          period_start = s.period_end,
          period_end = (s.funded_on + make_interval(months => s.period_number + 1))::date,
          period_base_cents = (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
                               WHERE e.loan_uuid = s.loan_uuid AND e.account IN ${INTEREST_BEARING_SQL}),
          period_accrued_cents = 0,
          updated_at = now()
      FROM due WHERE s.loan_uuid = due.loan_uuid
      RETURNING s.loan_uuid
    )
    SELECT count(*)::int AS moved FROM moved`);
  return Number((result.rows[0] as { moved?: number } | undefined)?.moved ?? 0);
}
