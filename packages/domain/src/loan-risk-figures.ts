/**
 * The figures a borrower sees about a loan's collateral risk (issue "Servicing, part 2"): the coin
 * price at which each level is reached, how much collateral or payment gets the loan back below the
 * warning level, and the wick guard that keeps a single outlying price from deciding alone.
 */
import { interestBearingCents, type TBalances } from './ledger.js';
import { coinQuantityAtLtv, priceAtLtv } from './ltv.js';
import { Decimal, toCoinQuantity } from './money.js';
import type { TRiskThresholds } from './loan-risk.js';

/** The smallest amount of coin the collateral is counted in. */
const COIN_STEP = new Decimal('0.00000001');

export type TRiskTriggerPrices = {
  warningPriceCents: number;
  courtesyNoticePriceCents: number;
  marginCallPriceCents: number;
  liquidationPriceCents: number;
};

/**
 * The coin price (cents, half-up) at which the loan reaches each level; null when nothing is owed
 * or no collateral is held.
 */
export function riskTriggerPrices(
  balanceCents: number,
  coinQuantity: Decimal | string,
  thresholds: TRiskThresholds,
): TRiskTriggerPrices | null {
  const quantity = toCoinQuantity(coinQuantity);
  if (balanceCents <= 0 || quantity.isZero()) return null;
  return {
    warningPriceCents: priceAtLtv(balanceCents, quantity, thresholds.warningLtvPct),
    courtesyNoticePriceCents: priceAtLtv(balanceCents, quantity, thresholds.courtesyNoticeLtvPct),
    marginCallPriceCents: priceAtLtv(balanceCents, quantity, thresholds.marginCallLtvPct),
    liquidationPriceCents: priceAtLtv(balanceCents, quantity, thresholds.liquidationLtvPct),
  };
}

/**
 * Coins to add so that the LTV is strictly below `ltvPct` at this price (the level holds from its
 * threshold up), in whole satoshi/wei-steps of 1e-8; zero when it already is.
 */
export function collateralBelowLtv(
  balanceCents: number,
  coinQuantity: Decimal | string,
  priceCents: number,
  ltvPct: number,
): Decimal {
  if (balanceCents <= 0) return new Decimal(0);
  const needed = coinQuantityAtLtv(balanceCents, priceCents, ltvPct);
  const missing = needed.minus(toCoinQuantity(coinQuantity));
  if (missing.lt(0)) return new Decimal(0);
  // At exactly the threshold the level still holds: one step more than the exact need.
  return missing.toDecimalPlaces(8, Decimal.ROUND_DOWN).plus(COIN_STEP);
}

/** The payment (cents) that leaves the LTV strictly below `ltvPct` at this price; zero when it is. */
export function paymentBelowLtvCents(
  balanceCents: number,
  coinQuantity: Decimal | string,
  priceCents: number,
  ltvPct: number,
): number {
  if (balanceCents <= 0) return 0;
  const limit = toCoinQuantity(coinQuantity).times(priceCents).times(ltvPct).div(100);
  // The largest whole-cent balance strictly below the limit.
  const whole = limit.toDecimalPlaces(0, Decimal.ROUND_DOWN);
  const highestBelow = whole.eq(limit) ? whole.minus(1) : whole;
  const allowed = highestBelow.lt(0) ? 0 : highestBelow.toNumber();
  return Math.max(balanceCents - allowed, 0);
}

/**
 * The payment (cents) that leaves the LTV strictly below `ltvPct` at this price ("Pay down $X"):
 * the LTV is on the interest-bearing balance, but a payment goes to fees and accrued interest
 * first (the ledger's order), including the interest the payment itself accrues to its day
 * (`interestToAccrueCents`: the running period's interest to date not yet in the ledger). So the
 * figure is those plus what lowers the interest-bearing balance enough; zero when it already is.
 */
export function payDownBelowLtvCents(input: {
  balances: TBalances;
  interestToAccrueCents: number;
  /** The balance the LTV is measured on: the interest-bearing balance unless said otherwise. */
  ltvBalanceCents?: number;
  coinQuantity: Decimal | string;
  priceCents: number;
  ltvPct: number;
}): number {
  const principalCents = paymentBelowLtvCents(
    input.ltvBalanceCents ?? interestBearingCents(input.balances),
    input.coinQuantity,
    input.priceCents,
    input.ltvPct,
  );
  if (principalCents === 0) return 0;
  const aheadCents =
    Math.max(input.balances.feesCents, 0) +
    Math.max(input.balances.accruedInterestCents, 0) +
    Math.max(input.interestToAccrueCents, 0);
  return aheadCents + principalCents;
}

/** A price more than this far (percent) from the recent accepted prices is not acted on alone. */
export const WICK_GUARD_PCT = 10;
/** The window of accepted prices the wick guard compares with. */
export const WICK_GUARD_WINDOW_MS = 5 * 60 * 1000;

export type TPriceTickDecision =
  { accepted: true; reason: null } | { accepted: false; reason: string };

function medianOf(values: readonly number[]): Decimal {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return new Decimal(sorted[middle] as number);
  return new Decimal(sorted[middle - 1] as number).plus(sorted[middle] as number).div(2);
}

/**
 * The wick guard. A new price more than WICK_GUARD_PCT off the median of the accepted prices of
 * the last minutes is held back; the next price confirms the move when it is off the same way too
 * (the previous observation was held back for the same direction). Without recent accepted prices
 * there is nothing to compare with and the price is accepted.
 */
export function acceptPriceTick(input: {
  priceCents: number;
  /** Accepted prices of the coin within WICK_GUARD_WINDOW_MS before this one. */
  recentAcceptedCents: readonly number[];
  /** The coin's latest observation before this one, accepted or not; null for the first. */
  previous: { priceCents: number; accepted: boolean } | null;
  guardPct?: number;
}): TPriceTickDecision {
  const guardPct = input.guardPct ?? WICK_GUARD_PCT;
  if (input.recentAcceptedCents.length === 0) return { accepted: true, reason: null };
  const reference = medianOf(input.recentAcceptedCents);
  const deviationPct = new Decimal(input.priceCents).minus(reference).div(reference).times(100);
  if (deviationPct.abs().lte(guardPct)) return { accepted: true, reason: null };
  const previous = input.previous;
  if (previous !== null && !previous.accepted) {
    const previousDeviation = new Decimal(previous.priceCents).minus(reference);
    const sameWay = previousDeviation.isNegative() === deviationPct.isNegative();
    const previousOff = previousDeviation.div(reference).times(100).abs().gt(guardPct);
    if (sameWay && previousOff) return { accepted: true, reason: null };
  }
  return {
    accepted: false,
    reason: `${deviationPct.toFixed(2)} % off the median ${reference.toFixed(0)} of the last ${
      WICK_GUARD_WINDOW_MS / 60_000
    } minutes; held back until a second price confirms it`,
  };
}
