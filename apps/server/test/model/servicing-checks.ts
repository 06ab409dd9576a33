/**
 * What must hold of a funded loan's servicing after any step, read straight from the tables (never
 * through the services under test):
 * - the domain's servicing facts (status, ledger sums per receivable, cash against payments), for
 *   loanInvariantViolations;
 * - every journal of the loan sums to zero;
 * - the row's interest-bearing balance and the running period's accrual are the sums of their
 *   ledger entries;
 * - the borrower's API shows exactly the ledger's balances;
 * - a loan in margin call has its cure deadline;
 * - a returned or reversed payment left no cash in the ledger (a paid-off loan it would leave
 *   short is reopened instead); the debits still pending are in the facts, for
 *   collateralReleaseWaitsForDebits;
 * - a filled liquidation charged 2 % of its proceeds, and proceeds = fee + applied + surplus;
 * - a risk notice goes out again only after the loan fell below that level in between (no
 *   second e-mail while the price hovers).
 */
import type { TServicingLoan } from '@pledge/contract';
import {
  balancesFromAccountSums,
  bpsOf,
  LIQUIDATION_PROCESSING_FEE_BPS,
  RISK_LEVELS,
  type TBalances,
  type TLedgerAccount,
  type TRiskLevel,
  type TServicingFact,
} from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../src/db/pool.js';
import type { TJourney } from './world.js';

export const SERVICING_LOANS = '/provenance/borrower/servicing/v2/loans';

/** The loan's servicing facts, or null before it is funded. */
export async function loadServicingFact(db: TDb, appUuid: string): Promise<TServicingFact | null> {
  const result = await db.execute<{
    status: TServicingFact['status'];
    sums: Record<string, string> | null;
    cash: string;
    counted: string;
    pending: string;
  }>(sql`
    SELECT s.status,
      (SELECT jsonb_object_agg(account, total) FROM (
         SELECT account, sum(amount_cents) AS total FROM ledger_entries
         WHERE loan_uuid = s.loan_uuid GROUP BY account) a) AS sums,
      (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries
         WHERE loan_uuid = s.loan_uuid AND account = 'CASH' AND kind <> 'SURPLUS_PAYOUT') AS cash,
      (SELECT coalesce(sum(amount_cents), 0) FROM servicing_payments
         WHERE loan_uuid = s.loan_uuid
           AND (status = 'SETTLED' OR (status = 'PENDING' AND transfer_id IS NOT NULL))) AS counted,
      (SELECT coalesce(sum(amount_cents), 0) FROM servicing_payments
         WHERE loan_uuid = s.loan_uuid AND status = 'PENDING') AS pending
    FROM servicing_loans s WHERE s.loan_uuid = ${appUuid}::uuid`);
  const row = result.rows[0];
  if (row === undefined) return null;
  const sums: Partial<Record<TLedgerAccount, number>> = {};
  for (const [account, total] of Object.entries(row.sums ?? {})) {
    sums[account as TLedgerAccount] = Number(total);
  }
  return {
    status: row.status,
    balances: balancesFromAccountSums(sums),
    cashCents: Number(row.cash),
    countedPaymentsCents: Number(row.counted),
    pendingDebitsCents: Number(row.pending),
  };
}

function rank(level: TRiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

/** Notices sent again for a level without the loan having gone below it in between. */
async function repeatedNotices(db: TDb, appUuid: string): Promise<string[]> {
  const events = await db.execute<{ id: number; to_level: TRiskLevel; notices: string[] }>(sql`
    SELECT id, to_level, notices FROM loan_risk_events
    WHERE loan_uuid = ${appUuid}::uuid ORDER BY id`);
  const problems: string[] = [];
  /** Per level, whether a notice of it went out and the loan has not been below it since. */
  const armed = new Map<string, boolean>();
  for (const event of events.rows) {
    for (const notice of event.notices) {
      if (!(RISK_LEVELS as readonly string[]).includes(notice)) continue;
      if (armed.get(notice) === true) {
        problems.push(`a second ${notice} notice (event ${event.id}) without a fall below it`);
      }
      armed.set(notice, true);
    }
    for (const level of armed.keys()) {
      if (rank(event.to_level) < rank(level as TRiskLevel)) armed.set(level, false);
    }
  }
  return problems;
}

async function ledgerProblems(db: TDb, appUuid: string): Promise<string[]> {
  const result = await db.execute<{ problem: string }>(sql`
    SELECT 'journal ' || journal_uuid || ' sums to ' || sum(amount_cents) AS problem
      FROM ledger_entries WHERE loan_uuid = ${appUuid}::uuid
      GROUP BY journal_uuid HAVING sum(amount_cents) <> 0
    UNION ALL
    SELECT 'balance of ' || coalesce(b.account, e.account) || ' ' || coalesce(b.cents, 0) || '/'
        || coalesce(b.paid_in_cents, 0) || ' is not its entries ' || coalesce(e.cents, 0) || '/'
        || coalesce(e.paid_in_cents, 0)
      FROM (SELECT * FROM ledger_account_balances WHERE loan_uuid = ${appUuid}::uuid) b
      FULL JOIN (SELECT account, sum(amount_cents) AS cents,
                   coalesce(sum(amount_cents) FILTER (WHERE kind <> 'SURPLUS_PAYOUT'), 0) AS paid_in_cents
                 FROM ledger_entries WHERE loan_uuid = ${appUuid}::uuid GROUP BY account) e
        ON e.account = b.account
      WHERE b.cents IS DISTINCT FROM e.cents OR b.paid_in_cents IS DISTINCT FROM e.paid_in_cents
    UNION ALL
    SELECT 'interest-bearing balance ' || s.interest_bearing_cents || ' is not its entries '
        || coalesce(b.total, 0)
      FROM servicing_loans s
      LEFT JOIN LATERAL (SELECT sum(amount_cents) AS total FROM ledger_entries e
        WHERE e.loan_uuid = s.loan_uuid
          AND e.account IN ('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST')) b ON true
      WHERE s.loan_uuid = ${appUuid}::uuid AND s.interest_bearing_cents <> coalesce(b.total, 0)
    UNION ALL
    SELECT 'counted payments ' || s.counted_payments_cents || ' are not its payments '
        || coalesce(p.total, 0)
      FROM servicing_loans s
      LEFT JOIN LATERAL (SELECT sum(amount_cents) AS total FROM servicing_payments p
        WHERE p.loan_uuid = s.loan_uuid
          AND (p.status = 'SETTLED' OR (p.status = 'PENDING' AND p.transfer_id IS NOT NULL))) p ON true
      WHERE s.loan_uuid = ${appUuid}::uuid AND s.counted_payments_cents <> coalesce(p.total, 0)
    UNION ALL
    SELECT 'period ' || s.period_number || ' accrual ' || s.period_accrued_cents
        || ' is not its entries ' || coalesce(a.total, 0)
      FROM servicing_loans s
      LEFT JOIN LATERAL (SELECT sum(amount_cents) AS total FROM ledger_entries e
        WHERE e.loan_uuid = s.loan_uuid AND e.kind = 'INTEREST_ACCRUAL'
          AND e.account = 'ACCRUED_INTEREST' AND e.period_number = s.period_number) a ON true
      WHERE s.loan_uuid = ${appUuid}::uuid AND s.period_accrued_cents <> coalesce(a.total, 0)
    UNION ALL
    SELECT 'payment ' || p.uuid || ' ' || lower(p.status) || ' with its cash ' || sum(e.amount_cents)
        || ' still in the ledger'
      FROM servicing_payments p
      JOIN ledger_entries e ON e.loan_uuid = p.loan_uuid AND e.payment_uuid = p.uuid
        AND e.account = 'CASH'
      WHERE p.loan_uuid = ${appUuid}::uuid AND p.status IN ('RETURNED', 'REVERSED')
      GROUP BY p.uuid, p.status HAVING sum(e.amount_cents) <> 0
    UNION ALL
    SELECT 'in margin call without a cure deadline' FROM servicing_loans
      WHERE loan_uuid = ${appUuid}::uuid AND status = 'MARGIN_CALL' AND cure_deadline IS NULL`);
  return result.rows.map((row) => row.problem);
}

async function liquidationProblems(db: TDb, appUuid: string): Promise<string[]> {
  const filled = await db.execute<{
    uuid: string;
    proceeds_cents: number;
    fee_cents: number;
    applied_cents: number;
    surplus_cents: number;
  }>(sql`
    SELECT uuid, proceeds_cents, fee_cents, applied_cents, surplus_cents FROM liquidations
    WHERE loan_uuid = ${appUuid}::uuid AND status = 'FILLED'`);
  return filled.rows.flatMap((row) => {
    const problems: string[] = [];
    const proceeds = Number(row.proceeds_cents);
    const fee = Number(row.fee_cents);
    if (fee !== bpsOf(proceeds, LIQUIDATION_PROCESSING_FEE_BPS)) {
      problems.push(`liquidation ${row.uuid}: fee ${fee} is not 2 % of ${proceeds}`);
    }
    if (fee + Number(row.applied_cents) + Number(row.surplus_cents) !== proceeds) {
      problems.push(`liquidation ${row.uuid}: fee, applied and surplus do not make ${proceeds}`);
    }
    return problems;
  });
}

/** The balances the borrower's API shows, or null when it shows no loan (not funded). */
async function apiBalances(journey: TServicedJourney, appUuid: string): Promise<TBalances | null> {
  const read = await journey.world.app.inject({
    method: 'GET',
    url: `${SERVICING_LOANS}/${appUuid}`,
    headers: { authorization: `Bearer ${journey.borrower.token}` },
    remoteAddress: journey.borrower.ip,
  });
  if (read.statusCode !== 200) return null;
  return (read.json() as TServicingLoan).balances;
}

/** A journey whose borrower reads their loans: the application's, by default the journey's own. */
type TServicedJourney = Pick<TJourney, 'world' | 'borrower'>;

/** Everything about the loan's servicing that does not hold; empty before funding. */
export async function servicingProblems(
  journey: TServicedJourney & { appUuid?: string },
  fact: TServicingFact | null,
  appUuid: string = journey.appUuid ?? '',
): Promise<string[]> {
  if (fact === null) return [];
  const db = journey.world.database.db;
  const problems = [
    ...(await ledgerProblems(db, appUuid)),
    ...(await liquidationProblems(db, appUuid)),
    ...(await repeatedNotices(db, appUuid)),
  ];
  const shown = await apiBalances(journey, appUuid);
  const differs =
    shown !== null &&
    (Object.keys(fact.balances) as (keyof TBalances)[]).some(
      (name) => shown[name] !== fact.balances[name],
    );
  if (differs) {
    problems.push(
      `the API shows ${JSON.stringify(shown)}, the ledger ${JSON.stringify(fact.balances)}`,
    );
  }
  return problems;
}
