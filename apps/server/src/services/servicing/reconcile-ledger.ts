/**
 * The ledger proves itself, over every loan, in set-based queries: each journal sums to zero;
 * no receivable is negative; each loan's running-period accrual equals its accrual entries for
 * that period; each balance row (ledger_account_balances) is its entries' sum; each loan's
 * counted payments (servicing_loans.counted_payments_cents) are its payments' sum; each non-wire
 * payment that is not returned or reversed has exactly one journal, and its cash equals the
 * payment; a closed (paid off, renewed) loan owes nothing; a payoff recorded by agents is covered
 * by the evidence two agents approved (a closed balance is not proof that the money came), or one
 * the release before servicing recorded by its own record of it; and
 * every funded loan (application COMPLETE, or paid off since: PAID_OFF, COLLATERAL_RELEASED) is
 * serviced: one without a servicing loan has no ledger, interest or risk monitoring, so "balanced"
 * over the others would hide it (listed first, so the cap on issues never hides it).
 */
import type { TGetOpsReconciliationResponse } from '@pledge/contract';
import { CLOSED_COLLATERAL_RELEASE_RESULTS, PENDING_DEBIT_WINDOW_DAYS } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { PAYOFF_ENTITY } from '../ops/payoff-record.js';
import { payoffBeforeServicingKey, SERVICED_STATES_SQL } from './open-unserviced-loans.js';

export const RECONCILIATION_ISSUES_MAX = 100;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * Money in flight is money not yet received (issue 33): a debit the bank has neither settled nor
 * returned PENDING_DEBIT_WINDOW_DAYS after it was sent (its transfer kept: updated_at; one never
 * sent, after it was made; the finding's debit stayed pending a year after the payoff that counted
 * it); a payment returned or reversed whose cash is still in the
 * ledger (a paid-off loan short by it); an open collateral release while a debit of the loan may
 * still be returned.
 */
function moneyInFlightIssues(now: Date) {
  const cutoff = new Date(now.getTime() - PENDING_DEBIT_WINDOW_DAYS * MS_PER_DAY);
  const closedReleases = sql.join(
    CLOSED_COLLATERAL_RELEASE_RESULTS.map((result) => sql`${result}`),
    sql`, `,
  );
  return sql`
    (SELECT p.loan_uuid, 'Payment ' || p.uuid || ' of ' || p.amount_cents || ' cents made '
         || to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ' is still pending: the bank '
         || 'has neither settled nor returned it within ' || ${PENDING_DEBIT_WINDOW_DAYS}::int || ' days'
         || CASE WHEN s.status = 'PAID_OFF' THEN ' (the loan is paid off counting it)' ELSE '' END
       FROM servicing_payments p JOIN servicing_loans s ON s.loan_uuid = p.loan_uuid
       WHERE p.status = 'PENDING'
         AND greatest(p.created_at, p.updated_at) < ${cutoff.toISOString()}::timestamptz)
    UNION ALL
    (SELECT p.loan_uuid,
         CASE WHEN s.status = 'PAID_OFF' THEN 'Paid-off loan is short ' || c.sum || ' cents: payment '
           ELSE 'Payment ' END
         || p.uuid || ' was ' || lower(p.status) || ' (' || coalesce(p.failure_reason, 'no reason') || ')'
         || ' but its cash ' || c.sum || ' is still in the ledger'
       FROM servicing_payments p JOIN servicing_loans s ON s.loan_uuid = p.loan_uuid
       JOIN LATERAL (SELECT coalesce(sum(e.amount_cents), 0) AS sum FROM ledger_entries e
         WHERE e.loan_uuid = p.loan_uuid AND e.account = 'CASH' AND e.payment_uuid = p.uuid) c ON true
       WHERE p.status IN ('RETURNED', 'REVERSED') AND c.sum <> 0)
    UNION ALL
    (SELECT r.application_uuid, 'Collateral release ' || r.id || ' is open while ' || d.sum
         || ' cents of debits on the loan may still be returned'
       FROM collateral_release_requests r
       JOIN LATERAL (SELECT coalesce(sum(p.amount_cents), 0) AS sum FROM servicing_payments p
         WHERE p.loan_uuid = r.application_uuid AND p.status = 'PENDING') d ON true
       WHERE r.result NOT IN (${closedReleases}) AND d.sum > 0)`;
}

export async function reconcileLedger(deps: {
  db: TDb;
  clock: () => Date;
}): Promise<TGetOpsReconciliationResponse> {
  const issues = await deps.db.execute<{ loan_uuid: string; problem: string }>(sql`
    (SELECT a.uuid AS loan_uuid,
         'Funded loan without servicing (' || count(*) OVER () || ' funded loans without servicing): '
         || 'no ledger, interest, statements or risk monitoring (a boot and every servicing sweep '
         || 'open such a loan as of its funding; one still listed after them could not be opened, '
         || 'and their log says why)'
         AS problem
       FROM applications a
       WHERE a.state IN ${SERVICED_STATES_SQL}
         AND NOT EXISTS (SELECT 1 FROM servicing_loans s WHERE s.loan_uuid = a.uuid)
       ORDER BY a.created_at, a.uuid
       LIMIT ${RECONCILIATION_ISSUES_MAX})
    UNION ALL
    (SELECT loan_uuid, 'Journal ' || journal_uuid || ' sums to ' || sum(amount_cents) AS problem
       FROM ledger_entries GROUP BY loan_uuid, journal_uuid HAVING sum(amount_cents) <> 0)
    UNION ALL
    (SELECT loan_uuid, 'Account ' || account || ' is negative: ' || sum(amount_cents)
       FROM ledger_entries
       WHERE account IN ('PRINCIPAL','ORIGINATION_FEE','DEFERRED_INTEREST','ACCRUED_INTEREST','FEES')
       GROUP BY loan_uuid, account HAVING sum(amount_cents) < 0)
    UNION ALL
    (SELECT s.loan_uuid, 'Period accrual ' || s.period_accrued_cents || ' differs from its entries ' || coalesce(a.sum, 0)
       FROM servicing_loans s
       LEFT JOIN LATERAL (SELECT sum(e.amount_cents) AS sum FROM ledger_entries e
         WHERE e.loan_uuid = s.loan_uuid AND e.kind = 'INTEREST_ACCRUAL' AND e.account = 'ACCRUED_INTEREST'
           AND e.period_number = s.period_number) a ON true
       WHERE s.period_accrued_cents <> coalesce(a.sum, 0))
    UNION ALL
    (SELECT coalesce(b.loan_uuid, e.loan_uuid), 'Balance of ' || coalesce(b.account, e.account) || ' is '
         || coalesce(b.cents, 0) || ' (paid in ' || coalesce(b.paid_in_cents, 0) || ') but its entries sum to '
         || coalesce(e.cents, 0) || ' (paid in ' || coalesce(e.paid_in_cents, 0) || ')'
       FROM ledger_account_balances b
       FULL JOIN (SELECT loan_uuid, account, sum(amount_cents) AS cents,
                    coalesce(sum(amount_cents) FILTER (WHERE kind <> 'SURPLUS_PAYOUT'), 0) AS paid_in_cents
                  FROM ledger_entries GROUP BY loan_uuid, account) e
         ON e.loan_uuid = b.loan_uuid AND e.account = b.account
       WHERE b.cents IS DISTINCT FROM e.cents OR b.paid_in_cents IS DISTINCT FROM e.paid_in_cents)
    UNION ALL
    (SELECT s.loan_uuid, 'Payments counted ' || s.counted_payments_cents || ' differ from its payments '
         || coalesce(p.sum, 0)
       FROM servicing_loans s
       LEFT JOIN LATERAL (SELECT sum(p.amount_cents) AS sum FROM servicing_payments p
         WHERE p.loan_uuid = s.loan_uuid
           AND (p.status = 'SETTLED' OR (p.status = 'PENDING' AND p.transfer_id IS NOT NULL))) p ON true
       WHERE s.counted_payments_cents <> coalesce(p.sum, 0))
    UNION ALL
    (SELECT p.loan_uuid, 'Payment ' || p.uuid || ' of ' || p.amount_cents || ' has cash ' || coalesce(c.sum, 0)
       FROM servicing_payments p
       LEFT JOIN LATERAL (SELECT sum(e.amount_cents) AS sum FROM ledger_entries e
         WHERE e.payment_uuid = p.uuid AND e.account = 'CASH') c ON true
       WHERE (p.status = 'SETTLED' OR (p.status = 'PENDING' AND p.transfer_id IS NOT NULL))
         AND coalesce(c.sum, 0) <> p.amount_cents)
    UNION ALL
    (SELECT s.loan_uuid, 'Closed loan (' || s.status || ') still owes ' || b.sum
       FROM servicing_loans s
       JOIN LATERAL (SELECT coalesce(sum(e.amount_cents), 0) AS sum FROM ledger_entries e
         WHERE e.loan_uuid = s.loan_uuid AND e.account IN
           ('PRINCIPAL','ORIGINATION_FEE','DEFERRED_INTEREST','ACCRUED_INTEREST','FEES')) b ON true
       WHERE s.status IN ('PAID_OFF', 'RENEWED') AND b.sum <> 0)
    UNION ALL
    (SELECT p.loan_uuid, 'Paid off on ' || p.amount_cents || ' recorded by agents, but the evidence approved was '
         || coalesce(o.evidence::text, 'none')
       FROM servicing_payments p
       JOIN servicing_loans s ON s.loan_uuid = p.loan_uuid AND s.status = 'PAID_OFF'
       LEFT JOIN LATERAL (SELECT max(x.payoff_amount_cents) AS evidence FROM ops_proposals x
         WHERE x.application_uuid = p.loan_uuid AND x.kind = 'RECORD_PAYOFF' AND x.status = 'APPROVED') o ON true
       WHERE p.method = 'RECORDED' AND p.purpose = 'PAYOFF' AND p.status = 'SETTLED'
         AND p.amount_cents > coalesce(o.evidence, 0)
         -- A payoff the release before servicing recorded (one agent, its method, no amount):
         -- that release's record of it is the evidence it kept.
         AND NOT (p.idempotency_key = ${payoffBeforeServicingKey('')} || p.loan_uuid::text
                  AND EXISTS (SELECT 1 FROM audit_events x WHERE x.entity_type = ${PAYOFF_ENTITY}
                                AND x.entity_id = p.loan_uuid::text)))
    UNION ALL
    ${moneyInFlightIssues(deps.clock())}
    LIMIT ${RECONCILIATION_ISSUES_MAX}`);
  const counts = await deps.db.execute<{ loans: number; journals: number }>(sql`
    SELECT (SELECT count(*)::int FROM servicing_loans) AS loans,
           (SELECT count(DISTINCT journal_uuid)::int FROM ledger_entries) AS journals`);
  const count = counts.rows[0];
  return {
    checkedAt: deps.clock().toISOString(),
    loansChecked: count?.loans ?? 0,
    journalsChecked: count?.journals ?? 0,
    isBalanced: issues.rows.length === 0,
    issues: issues.rows.map((row) => ({ loanUuid: row.loan_uuid, problem: row.problem })),
  };
}
