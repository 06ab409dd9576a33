/**
 * "Pay down $X" (issue 33): the payment that brings the loan's LTV below a level at a stored price,
 * as the payment will really be applied. A payment first accrues the loan's interest to its day
 * (make-payment's catch-up) and clears fees and accrued interest before it lowers the balance the
 * LTV is on, so the figure carries those too (the domain's payDownBelowLtvCents).
 */
import {
  accrualPeriodOf,
  interestToDateCents,
  payDownBelowLtvCents,
  type Decimal,
  type TLoanStatusName,
} from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { deploymentNowSql } from '../prices/price-observations.js';
import { balancesOf } from './ledger-store.js';
import type { TServicingLoanRow } from './servicing-record.js';

/** Statuses whose interest runs (accrue-interest's ACCRUING_STATUSES_SQL). */
const ACCRUING_STATUSES: readonly TLoanStatusName[] = ['ACTIVE', 'MARGIN_CALL', 'MATURED'];

/** The day of the deployment's clock, as the database reads it. */
async function deploymentToday(db: TDb): Promise<string> {
  const result = await db.execute<{ today: string }>(
    sql`SELECT (${deploymentNowSql} AT TIME ZONE 'UTC')::date::text AS today`,
  );
  const today = result.rows[0]?.today;
  if (today === undefined) throw new Error('The database answered no day');
  return today;
}

/** The running period's interest to `today` not yet in the ledger (what a payment accrues first). */
export function interestToAccrueCents(loan: TServicingLoanRow, today: string): number {
  if (!ACCRUING_STATUSES.includes(loan.status)) return 0;
  if (loan.accruedThrough >= today || loan.accruedThrough >= loan.periodEnd) return 0;
  const toDate = interestToDateCents(accrualPeriodOf(loan), loan.interestRateBps, today);
  return Math.max(toDate - loan.periodAccruedCents, 0);
}

export async function payDownToLtvCents(
  db: TDb,
  loan: TServicingLoanRow,
  input: {
    ltvBalanceCents: number;
    coinQuantity: Decimal | string;
    priceCents: number;
    ltvPct: number;
  },
): Promise<number> {
  const [balances, today] = await Promise.all([balancesOf(db, loan.loanUuid), deploymentToday(db)]);
  return payDownBelowLtvCents({
    ...input,
    balances,
    interestToAccrueCents: interestToAccrueCents(loan, today),
  });
}
