/**
 * Loan-to-value maths (document 1 §9). LTV is loan ÷ collateral value, in percent; the collateral
 * value is coin quantity × coin price.
 *
 * One definition everywhere: the loan is what the borrower owes. At the start that is the offer's
 * amount (document 1 §3: "amount (total loan)"), the draw plus the capitalised origination fee;
 * afterwards it is the balance servicing keeps. So the initial LTV that picks the rate tier (8.91 %
 * up to 50 %, 11.5 % up to 75 %, document 1 §9) and the 75 % ceiling are the LTV servicing shows on
 * the first day: a loan never starts at 50.16 % in the "up to 50 %" tier. The warning, margin-call
 * and liquidation prices use the same amount.
 */
import {
  COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT,
  RATE_TIERS,
  REBALANCE_BELOW_LTV_PCT,
} from './constants/rates.js';
import type { TRateTier } from './constants/rates.js';
import { DomainError } from './errors.js';
import {
  Decimal,
  decimalToCents,
  roundCoinQuantityUp,
  toCoinQuantity,
  toFiniteDecimal,
} from './money.js';

export const LTV_STATUSES = [
  'HEALTHY',
  'REBALANCE_ELIGIBLE',
  'COURTESY_NOTICE',
  'WARNING',
  'MARGIN_CALL',
  'LIQUIDATION',
] as const;
export type TLtvStatus = (typeof LTV_STATUSES)[number];

type TPercent = Decimal | number | string;

function positivePercent(value: TPercent): Decimal {
  const pct = toFiniteDecimal(value, 'INVALID_LTV');
  if (pct.lte(0)) {
    throw new DomainError('INVALID_LTV', 'An LTV is a positive percentage');
  }
  return pct;
}

function positivePriceCents(priceCents: number): Decimal {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) {
    throw new DomainError('INVALID_PRICE', 'A coin price is a positive whole number of cents');
  }
  return new Decimal(priceCents);
}

function nonNegativeLoanCents(loanCents: number): Decimal {
  if (!Number.isSafeInteger(loanCents) || loanCents < 0) {
    throw new DomainError(
      'INVALID_AMOUNT',
      'A loan amount is a non-negative whole number of cents',
    );
  }
  return new Decimal(loanCents);
}

/** Collateral value in (fractional) cents: quantity × price, exact. */
export function collateralValueCents(coinQuantity: Decimal | string, priceCents: number): Decimal {
  return toCoinQuantity(coinQuantity).times(positivePriceCents(priceCents));
}

/** LTV in percent, unrounded. The collateral must have a value. */
export function ltvPct(
  loanCents: number,
  coinQuantity: Decimal | string,
  priceCents: number,
): Decimal {
  const value = collateralValueCents(coinQuantity, priceCents);
  if (value.isZero()) {
    throw new DomainError('INVALID_COIN_QUANTITY', 'The collateral has no value');
  }
  return nonNegativeLoanCents(loanCents).times(100).div(value);
}

/** The coin price, in cents rounded half-up, at which this loan on this collateral reaches the LTV. */
export function priceAtLtv(
  loanCents: number,
  coinQuantity: Decimal | string,
  ltv: TPercent,
): number {
  const quantity = toCoinQuantity(coinQuantity);
  if (quantity.isZero()) {
    throw new DomainError('INVALID_COIN_QUANTITY', 'The collateral has no coins');
  }
  return decimalToCents(
    nonNegativeLoanCents(loanCents)
      .times(100)
      .div(quantity.times(positivePercent(ltv))),
  );
}

/** The exact coin quantity at which this loan, at this price, sits at the LTV. */
export function coinQuantityAtLtv(loanCents: number, priceCents: number, ltv: TPercent): Decimal {
  return nonNegativeLoanCents(loanCents)
    .times(100)
    .div(positivePriceCents(priceCents).times(positivePercent(ltv)));
}

/**
 * Extra coin the borrower must add so that the loan is at or below the LTV, rounded up to the
 * collateral precision; zero when the collateral already suffices.
 */
export function additionalCoinQuantity(
  loanCents: number,
  coinQuantity: Decimal | string,
  priceCents: number,
  ltv: TPercent,
): Decimal {
  const missing = coinQuantityAtLtv(loanCents, priceCents, ltv).minus(toCoinQuantity(coinQuantity));
  return missing.lte(0) ? new Decimal(0) : roundCoinQuantityUp(missing);
}

/**
 * The initial LTV of a loan: its amount (draw plus the capitalised origination fee, what servicing
 * books on the first day) against the collateral at the offer's price, unrounded.
 */
export function initialLtvPct(input: {
  amountCents: number;
  coinQuantity: Decimal | string;
  priceCents: number;
}): Decimal {
  return ltvPct(input.amountCents, input.coinQuantity, input.priceCents);
}

/**
 * The rate tier an initial LTV qualifies for: the first (cheapest) tier whose maximum it does not
 * exceed (≤ 50 → RATE_1, ≤ 75 → RATE_2), or null above the last one. Compared unrounded, so 50.001
 * is RATE_2 even though it displays as "50.00".
 */
export function selectRateTier(initialLtvPct: Decimal): TRateTier | null {
  if (!initialLtvPct.isFinite() || initialLtvPct.lte(0)) return null;
  return RATE_TIERS.find((tier) => initialLtvPct.lte(tier.maxInitialLtvPct)) ?? null;
}

/** The LTV at which the courtesy notice goes out: 5 % below the tier's margin call (80 → 76). */
export function courtesyNoticeLtvPct(tier: TRateTier): number {
  return new Decimal(tier.marginCallLtvPct)
    .times(100 - COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT)
    .div(100)
    .toNumber();
}

/**
 * Where a loan's current LTV stands for its tier. Each alert applies from its threshold upward and
 * the highest threshold crossed wins; on a tie (a brand's tier with the warning on the courtesy level)
 * the courtesy notice wins over the warning, because the notice is the message that goes out.
 */
export function ltvStatus(currentLtvPct: TPercent, tier: TRateTier): TLtvStatus {
  const ltv = toFiniteDecimal(currentLtvPct, 'INVALID_LTV');
  const alerts: { status: TLtvStatus; fromPct: number }[] = [
    { status: 'LIQUIDATION', fromPct: tier.liquidationLtvPct },
    { status: 'MARGIN_CALL', fromPct: tier.marginCallLtvPct },
    { status: 'COURTESY_NOTICE', fromPct: courtesyNoticeLtvPct(tier) },
    { status: 'WARNING', fromPct: tier.warningLtvPct },
  ];
  // Stable sort: equal thresholds keep the order above.
  alerts.sort((a, b) => b.fromPct - a.fromPct);
  const crossed = alerts.find((alert) => ltv.gte(alert.fromPct));
  if (crossed !== undefined) return crossed.status;
  return ltv.lt(REBALANCE_BELOW_LTV_PCT) ? 'REBALANCE_ELIGIBLE' : 'HEALTHY';
}
