/**
 * The daily interest accrual, set-based: one statement accrues every due loan (or one loan) up to
 * a day or its cycle date, whichever comes first, writing each day's interest as a journal. The
 * amount is the period's interest to date less what the period has in the ledger already, as the
 * domain's interestToDateCents computes it: the interest of the period's closed segments
 * (segment_accrued_cents) plus the running segment's balance over its days to date, rounded once
 * half-up (30/360; servicing_interest_cents, migration 0030). Running it again the same day writes
 * nothing and the period's accruals sum to its interest.
 *
 * Interest runs on the day's balance (issue 33): the ledger's trigger closes the running segment
 * in the transaction of every entry that changes the interest-bearing balance, so the accrual after
 * a payment, a wire, a liquidation or a deferral runs on the new balance. A row whose segment is
 * not its running period's (null: written by the release before segments; or rolled over by it)
 * accrues on its own period (period_start, period_base_cents, nothing before), as that release
 * did. During a rolling deploy the release before accrues on period_base_cents: both releases write
 * the interest to date less period_accrued_cents and never less than it, so neither counts a day
 * twice; a day the old release accrued after a balance fell keeps its opening-balance figure (the
 * new accrual adds nothing until its own figure passes it), and after a balance rose the new one
 * adds what the old one left out.
 *
 * A batch reads only loans that are due: servicing_loans_accrual_due_idx holds the loans whose
 * period still has days to accrue, in the batch's order, so neither the loans accrued already nor
 * those waiting for their statement are read, and nothing is sorted. The update finds each row at
 * the address the selection locked it at and computes from the row alone (no join, so no planner
 * estimate can turn it into a scan of the table or a search of the whole batch per row); it keeps
 * what it added in last_accrual_cents, which the journal is written from. A sweep passes each
 * batch the key of the last loan the one before it read (`after`), so a batch starts in the index
 * where the last one stopped instead of stepping again over the entries the earlier batches left
 * behind (an updated row's old entry stays in the index until vacuum): the time per loan stays the
 * same however many batches a sweep runs.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';

/** Loans accrued by one statement; the sweep repeats until none is left. */
export const ACCRUAL_BATCH_SIZE = 5_000;

/** Statuses whose interest runs. */
export const ACCRUING_STATUSES_SQL = sql.raw(`('ACTIVE', 'MARGIN_CALL', 'MATURED')`);

/**
 * A servicing_loans row (alias `s`) with days of interest still to accrue by `asOf`: the condition
 * of servicing_loans_accrual_due_idx, shared by the sweep and a payment's catch-up.
 */
export const accrualDueSql = (
  asOf: string | Placeholder,
) => sql`s.status IN ${ACCRUING_STATUSES_SQL}
  AND s.accrued_through < s.period_end
  AND s.accrued_through < ${asOf}::date`;

/** The running segment of `s` (see accrualPeriodOf): the row's when it is the period's. */
const hasSegmentSql = sql`(s.segment_period_number IS NOT NULL AND s.segment_period_number = s.period_number)`;

/**
 * The period's interest through `upto` from the row alone, as interestToDateCents: the closed
 * segments' interest plus the running segment's balance over its 30/360 days, rounded once.
 */
export const interestToDateSql = (upto: SQL) => sql`(
  CASE WHEN ${hasSegmentSql} THEN s.segment_accrued_cents ELSE 0 END
  + servicing_interest_cents(
      CASE WHEN ${hasSegmentSql} THEN s.segment_base_cents ELSE s.period_base_cents END,
      s.interest_rate_bps,
      greatest(servicing_accrual_days(s.period_start, s.period_end, ${upto})
        - servicing_accrual_days(s.period_start, s.period_end,
            CASE WHEN ${hasSegmentSql} THEN s.segment_start ELSE s.period_start END), 0)))`;

/** Where a batch stopped in servicing_loans_accrual_due_idx: the last loan it read. */
export interface TAccrualCursor {
  accruedThrough: string;
  loanUuid: string;
}

/** Accrues one batch; answers how many loans it moved. */
export async function accrueInterestBatch(
  db: TDb,
  input: { asOf: string; loanUuid?: string; batchSize?: number },
): Promise<number> {
  return (await accrueInterestPage(db, { ...input, after: null })).moved;
}

/**
 * Accrues one batch of the loans after `after` in the index's order; answers how many it moved
 * and the last one it read (null when it read none).
 */
export async function accrueInterestPage(
  db: TDb,
  input: { asOf: string; loanUuid?: string; batchSize?: number; after: TAccrualCursor | null },
): Promise<{ moved: number; next: TAccrualCursor | null }> {
  const onlyLoan =
    input.loanUuid === undefined ? sql`` : sql`AND s.loan_uuid = ${input.loanUuid}::uuid`;
  const after =
    input.after === null
      ? sql``
      : sql`AND (s.accrued_through, s.loan_uuid) > (${input.after.accruedThrough}::date, ${input.after.loanUuid}::uuid)`;
  // The period's interest to date (30/360, half-up, on the day's balance), from the row's own
  // columns: the update needs no join, so no planner estimate can turn it into a scan of the table.
  const upto = sql`least(${input.asOf}::date, s.period_end)`;
  const toDate = interestToDateSql(upto);
  const result = await db.execute<{
    moved: number;
    last_accrued_through: string | null;
    last_loan_uuid: string | null;
  }>(sql`
    WITH due AS MATERIALIZED (
      SELECT s.ctid AS row_id, s.loan_uuid, s.accrued_through
      FROM servicing_loans s
      WHERE ${accrualDueSql(input.asOf)}
        ${onlyLoan}
        ${after}
      ORDER BY s.accrued_through, s.loan_uuid
      LIMIT ${input.batchSize ?? ACCRUAL_BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    ), moved AS MATERIALIZED (
      UPDATE servicing_loans s
      SET accrued_through = ${upto},
          period_accrued_cents = greatest(${toDate}, s.period_accrued_cents),
          last_accrual_cents = greatest(${toDate} - s.period_accrued_cents, 0),
          updated_at = now()
      WHERE s.ctid = ANY (ARRAY(SELECT row_id FROM due))
      RETURNING s.loan_uuid, s.last_accrual_cents AS delta, s.accrued_through AS upto, s.period_number
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
    ), tail AS (
      SELECT accrued_through, loan_uuid FROM due ORDER BY accrued_through DESC, loan_uuid DESC LIMIT 1
    )
    SELECT (SELECT count(*)::int FROM moved) AS moved,
           (SELECT accrued_through::text FROM tail) AS last_accrued_through,
           (SELECT loan_uuid::text FROM tail) AS last_loan_uuid`);
  const row = result.rows[0];
  const next =
    row?.last_accrued_through == null || row.last_loan_uuid == null
      ? null
      : { accruedThrough: row.last_accrued_through, loanUuid: row.last_loan_uuid };
  return { moved: Number(row?.moved ?? 0), next };
}
