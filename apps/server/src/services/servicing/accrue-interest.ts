/**
 * The daily interest accrual, set-based: one statement accrues every due loan (or one loan) up to
 * a day or its cycle date, whichever comes first, writing each day's interest as a journal. The
 * amount is the period's interest to date less what the period has in the ledger already, with the
 * rounding of the domain's periodInterestToDateCents (30/360, half-up), so running it again the
 * same day writes nothing and the period's accruals sum to its rounded interest.
 *
 * A batch reads only loans that are due: servicing_loans_accrual_due_idx holds the loans whose
 * period still has days to accrue, in the batch's order, so neither the loans accrued already nor
 * those waiting for their statement are read, and nothing is sorted. The update finds its rows by
 * primary key.
 */
import { DAYS_PER_PERIOD_30_360, DAYS_PER_YEAR_30_360 } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';

/** Loans accrued by one statement; the sweep repeats until none is left. */
export const ACCRUAL_BATCH_SIZE = 5_000;

/** Statuses whose interest runs. */
export const ACCRUING_STATUSES_SQL = sql.raw(`('ACTIVE', 'MARGIN_CALL', 'MATURED')`);

/** 30/360 days of `upto` into a period from `start`, as accrualDays computes them. */
const ACCRUAL_DAYS_SQL = sql.raw(`CASE
  WHEN upto >= period_end THEN ${DAYS_PER_PERIOD_30_360}
  ELSE least(${DAYS_PER_PERIOD_30_360 - 1}, greatest(0,
    360 * (extract(year FROM upto) - extract(year FROM period_start))
    + 30 * (extract(month FROM upto) - extract(month FROM period_start))
    + least(extract(day FROM upto), 30) - least(extract(day FROM period_start), 30)))
END`);

/** Accrues one batch; answers how many loans it moved. */
export async function accrueInterestBatch(
  db: TDb,
  input: { asOf: string; loanUuid?: string; batchSize?: number },
): Promise<number> {
  const onlyLoan =
    input.loanUuid === undefined ? sql`` : sql`AND loan_uuid = ${input.loanUuid}::uuid`;
  const result = await db.execute(sql`
    WITH due AS MATERIALIZED (
      SELECT loan_uuid, period_number, period_start, period_end, period_base_cents,
             period_accrued_cents, interest_rate_bps,
             least(${input.asOf}::date, period_end) AS upto
      FROM servicing_loans
      WHERE status IN ${ACCRUING_STATUSES_SQL}
        AND accrued_through < period_end
        AND accrued_through < ${input.asOf}::date
        ${onlyLoan}
      ORDER BY accrued_through, loan_uuid
      LIMIT ${input.batchSize ?? ACCRUAL_BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    ), calc AS MATERIALIZED (
      SELECT due.*,
        round(period_base_cents::numeric * interest_rate_bps * (${ACCRUAL_DAYS_SQL})
              / ${10000 * DAYS_PER_YEAR_30_360})::bigint AS to_date
      FROM due
    ), moved AS MATERIALIZED (
      UPDATE servicing_loans s
      SET accrued_through = c.upto,
          period_accrued_cents = greatest(c.to_date, s.period_accrued_cents),
          updated_at = now()
      FROM calc c
      WHERE s.loan_uuid = ANY (ARRAY(SELECT loan_uuid FROM calc)) AND s.loan_uuid = c.loan_uuid
      RETURNING s.loan_uuid, c.to_date - c.period_accrued_cents AS delta, c.upto, c.period_number
    ), journals AS MATERIALIZED (
      SELECT loan_uuid, delta, upto, period_number, gen_random_uuid() AS journal_uuid
      FROM moved WHERE delta > 0
    ), written AS (
      INSERT INTO ledger_entries
        (journal_uuid, loan_uuid, kind, account, amount_cents, effective_on, period_number)
      SELECT journal_uuid, loan_uuid, 'INTEREST_ACCRUAL', 'ACCRUED_INTEREST', delta, upto, period_number
      FROM journals
      UNION ALL
      SELECT journal_uuid, loan_uuid, 'INTEREST_ACCRUAL', 'INTEREST_INCOME', -delta, upto, period_number
      FROM journals
    )
    SELECT count(*)::int AS moved FROM moved`);
  return Number((result.rows[0] as { moved?: number } | undefined)?.moved ?? 0);
}
