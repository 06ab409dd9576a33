/**
 * A funded loan's collateral risk as the borrower sees it: its health level, the LTV at the latest
 * stored price, the loan's levels and the coin prices that reach them, the coins held, the deposit
 * address, what gets the loan back below the warning level, the cure deadline and an open
 * liquidation order. Every figure is on the balance the risk pass measures (riskBalanceOf: pending
 * debits not counted until they settle), so the page, the dashboard and the notices agree with it.
 */
import type { TLoanRisk } from '@pledge/contract';
import {
  Decimal,
  INTEREST_BEARING_ACCOUNTS,
  collateralBelowLtv,
  coinQuantityString,
  loanHealthLevel,
  ltvPct,
  riskBalanceCents,
  riskTriggerPrices,
  toCoinQuantity,
  type TLedgerAccount,
  type TLedgerLeg,
  type TRiskLevel,
} from '@pledge/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  collateralAccounts,
  ledgerEntries,
  liquidations,
  servicingPayments,
  type TPriceObservationRow,
} from '../../db/schema/index.js';
import { coinQuantityText } from '../offers/offer-record.js';
import { latestAcceptedObservation, toPriceObservationView } from '../prices/price-observations.js';
import {
  collateralTypeOf,
  collateralUnitsOf,
  thresholdsOf,
  tierOf,
} from '../servicing/loan-ltv.js';
import { payDownToLtvCents } from '../servicing/pay-down-figure.js';
import type { TLoanContext } from '../servicing/servicing-record.js';

type TLoanFacts = Pick<TLoanContext, 'loan' | 'offer'>;

/** Half the last shown decimal of an LTV. */
const SHOWN_LTV_HALF_STEP = 0.005;

export interface TLoanRiskFigures {
  ltvPct: string | null;
  collateralToWarning: string;
  paymentToWarningCents: number;
  depositAddress: string | null;
}

/**
 * The loan's debits still pending, as the sums per ledger account of their journals (posted when
 * the bank accepted them; a returned one is no longer pending).
 */
export async function pendingDebitLegs(db: TDb, loanUuid: string): Promise<TLedgerLeg[]> {
  const rows = await db
    .select({
      account: ledgerEntries.account,
      cents: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(servicingPayments)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.paymentUuid, servicingPayments.uuid),
        eq(ledgerEntries.loanUuid, servicingPayments.loanUuid),
      ),
    )
    .where(and(eq(servicingPayments.loanUuid, loanUuid), eq(servicingPayments.status, 'PENDING')))
    .groupBy(ledgerEntries.account);
  return rows
    .map((row) => ({ account: row.account as TLedgerAccount, amountCents: Number(row.cents) }))
    .filter((leg) => leg.amountCents !== 0);
}

/**
 * What the loan's pending debits took off its interest-bearing balance, per loan, as SQL rows
 * (loan_uuid, cents: negative): the risk pass's selection adds it back as riskBalanceCents does.
 */
export const PENDING_DEBITS_ON_RISK_BALANCE_SQL = sql`
  SELECT e.loan_uuid, sum(e.amount_cents) AS cents
  FROM servicing_payments p
  JOIN ledger_entries e ON e.payment_uuid = p.uuid AND e.loan_uuid = p.loan_uuid
  WHERE p.status = 'PENDING'
    AND e.account IN (${sql.raw(INTEREST_BEARING_ACCOUNTS.map((account) => `'${account}'`).join(', '))})
  GROUP BY e.loan_uuid`;

/** The balance the loan's risk is measured on: its interest-bearing balance, pending debits left out. */
export async function riskBalanceOf(db: TDb, loan: TLoanFacts['loan']): Promise<number> {
  return riskBalanceCents({
    interestBearingCents: loan.interestBearingCents,
    pendingDebitLegs: await pendingDebitLegs(db, loan.loanUuid),
  });
}

/** The loan's LTV (exact) and health level at one stored price, on the risk balance. */
export interface TLoanHealth {
  ltv: Decimal | null;
  level: TRiskLevel;
}

/**
 * The health every page shows (the domain's loanHealthLevel): the level of the LTV on the risk
 * balance at the stored price, an open margin call held until the pass cures it. Without a price
 * or collateral, the level the last pass recorded.
 */
export function loanHealthOf(
  context: TLoanFacts,
  balanceCents: number,
  price: TPriceObservationRow | null,
): TLoanHealth {
  const { loan } = context;
  const units = toCoinQuantity(collateralUnitsOf(context));
  const ltv =
    price === null || units.isZero() ? null : ltvPct(balanceCents, units, price.priceCents);
  const level = loanHealthLevel({
    ltvPct: ltv,
    thresholds: thresholdsOf(context),
    isMarginCallOpen: loan.cureDeadline !== null,
  });
  return { ltv, level: level ?? loan.riskLevel };
}

async function depositAddressOf(db: TDb, loanUuid: string): Promise<string | null> {
  const [account] = await db
    .select({ address: collateralAccounts.depositAddress })
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, loanUuid));
  return account?.address ?? null;
}

/** The LTV and what brings it back below the warning level, at one stored price. */
export async function loanRiskFigures(
  db: TDb,
  context: TLoanFacts,
  price: TPriceObservationRow | null,
  balance: number,
): Promise<TLoanRiskFigures> {
  const { loan } = context;
  const units = toCoinQuantity(collateralUnitsOf(context));
  const depositAddress = await depositAddressOf(db, loan.loanUuid);
  if (price === null || units.isZero()) {
    return { ltvPct: null, collateralToWarning: '0', paymentToWarningCents: 0, depositAddress };
  }
  // Below the warning level as the LTV is shown (2 decimals): under 74.995 shows 74.99, not 75.00.
  const warning = thresholdsOf(context).warningLtvPct - SHOWN_LTV_HALF_STEP;
  const toWarning = collateralBelowLtv(balance, units, price.priceCents, warning);
  return {
    ltvPct: ltvPct(balance, units, price.priceCents).toFixed(2, Decimal.ROUND_HALF_UP),
    collateralToWarning: coinQuantityString(toWarning),
    paymentToWarningCents: await payDownToLtvCents(db, loan, {
      ltvBalanceCents: balance,
      coinQuantity: units,
      priceCents: price.priceCents,
      ltvPct: warning,
    }),
    depositAddress,
  };
}

/** The latest accepted price of the loan's coin, or null while none is stored. */
export function riskPriceOf(db: TDb, context: TLoanFacts): Promise<TPriceObservationRow | null> {
  return latestAcceptedObservation(db, collateralTypeOf(context));
}

export async function buildLoanRisk(
  db: TDb,
  context: TLoanFacts,
  price: TPriceObservationRow | null,
): Promise<TLoanRisk> {
  const { loan } = context;
  const thresholds = thresholdsOf(context);
  const units = collateralUnitsOf(context);
  const balance = await riskBalanceOf(db, loan);
  const health = loanHealthOf(context, balance, price);
  const [figures, [order]] = await Promise.all([
    loanRiskFigures(db, context, price, balance),
    db
      .select({ uuid: liquidations.uuid })
      .from(liquidations)
      .where(and(eq(liquidations.loanUuid, loan.loanUuid), eq(liquidations.status, 'OPEN'))),
  ]);
  return {
    level: health.level,
    ltvPct: figures.ltvPct === null ? null : Number(figures.ltvPct),
    thresholds,
    triggerPrices: price === null ? null : riskTriggerPrices(balance, units, thresholds),
    price: price === null ? null : toPriceObservationView(price),
    collateral: {
      coinQuantity: coinQuantityText(units),
      type: collateralTypeOf(context) as TLoanRisk['collateral']['type'],
    },
    depositAddress: figures.depositAddress,
    collateralToWarning: figures.collateralToWarning,
    paymentToWarningCents: figures.paymentToWarningCents,
    liquidationTargetLtvPct: tierOf(context).maxInitialLtvPct,
    cureDeadline: loan.cureDeadline === null ? null : loan.cureDeadline.toISOString(),
    openLiquidationOrderUuid: order?.uuid ?? null,
  };
}
