/**
 * A funded loan's collateral risk as the borrower sees it: the level the monitoring recorded, the
 * LTV at the latest stored price, the loan's levels and the coin prices that reach them, the coins
 * held, the deposit address, what gets the loan back below the warning level, the cure deadline and
 * an open liquidation order.
 */
import type { TLoanRisk } from '@pledge/contract';
import {
  Decimal,
  collateralBelowLtv,
  coinQuantityString,
  ltvPct,
  paymentBelowLtvCents,
  riskTriggerPrices,
  toCoinQuantity,
} from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  collateralAccounts,
  liquidations,
  type TPriceObservationRow,
} from '../../db/schema/index.js';
import { coinQuantityText } from '../offers/offer-record.js';
import { latestAcceptedObservation, toPriceObservationView } from '../prices/price-observations.js';
import { collateralTypeOf, collateralUnitsOf, thresholdsOf } from '../servicing/loan-ltv.js';
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
): Promise<TLoanRiskFigures> {
  const { loan } = context;
  const units = toCoinQuantity(collateralUnitsOf(context));
  const balance = Math.max(loan.interestBearingCents, 0);
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
    paymentToWarningCents: paymentBelowLtvCents(balance, units, price.priceCents, warning),
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
  const balance = Math.max(loan.interestBearingCents, 0);
  const [figures, [order]] = await Promise.all([
    loanRiskFigures(db, context, price),
    db
      .select({ uuid: liquidations.uuid })
      .from(liquidations)
      .where(and(eq(liquidations.loanUuid, loan.loanUuid), eq(liquidations.status, 'OPEN'))),
  ]);
  return {
    level: loan.riskLevel,
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
    cureDeadline: loan.cureDeadline === null ? null : loan.cureDeadline.toISOString(),
    openLiquidationOrderUuid: order?.uuid ?? null,
  };
}
