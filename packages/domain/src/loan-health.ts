/**
 * A funded loan's health as the borrower sees it (document 1 §9): the LTV a price, a deposit or a
 * payment would give, the prices a what-if slider offers, and the time left to cure a margin call.
 * The LTV is on the interest-bearing balance (principal, capitalised fee, deferred interest), exact,
 * as the risk monitoring computes it (ltv.ts `ltvPct` gives it at another price).
 */
import { interestBearingCents, paymentJournal, type TBalances } from './ledger.js';
import { COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT, RATE_TIERS } from './constants/rates.js';
import { DomainError } from './errors.js';
import {
  liquidationPlan,
  riskLevel,
  riskThresholds,
  type TLiquidationPlan,
  type TRiskLevel,
  type TRiskThresholds,
} from './loan-risk.js';
import { ltvPct } from './ltv.js';
import { Decimal, toCoinQuantity } from './money.js';
import type { TOfferTerms } from './offer.js';

/** The cure countdown on the loan page moves on once a minute. */
export const CURE_COUNTDOWN_TICK_MS = 60_000;

/** The what-if slider reaches this share of the liquidation price, so the borrower sees past it. */
export const WHAT_IF_FLOOR_OF_LIQUIDATION_PCT = 75;

/** When the price is already at or under the liquidation price, the slider reaches half of it. */
export const WHAT_IF_FLOOR_OF_PRICE_PCT = 50;

/** The what-if slider offers about this many steps between its bounds. */
export const WHAT_IF_STEPS = 200;

/**
 * An LTV as a preview shows it: 2 decimals, rounded down. Every level starts on a whole hundredth,
 * so the figure never reads as a level the exact LTV has not reached (74.9999 % shows 74.99 %, not
 * the 75.00 % of the warning level it is under).
 */
export function shownLtvPct(ltv: Decimal): number {
  return ltv.toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber();
}

/** The exact LTV once `addedQuantity` more coins are held, at the same price. */
export function ltvAfterCollateral(input: {
  balanceCents: number;
  coinQuantity: Decimal | string;
  addedQuantity: Decimal | string;
  priceCents: number;
}): Decimal {
  const total = toCoinQuantity(input.coinQuantity).plus(toCoinQuantity(input.addedQuantity));
  return ltvPct(input.balanceCents, total, input.priceCents);
}

/**
 * The interest-bearing balance after a payment: a payment clears fees and accrued interest first
 * (the ledger's order), so only what is left of it lowers the balance the LTV is on.
 */
export function interestBearingAfterPaymentCents(balances: TBalances, amountCents: number): number {
  const journal = paymentJournal(balances, amountCents);
  let after = interestBearingCents(balances);
  for (const leg of journal.legs) {
    if (
      leg.account === 'PRINCIPAL' ||
      leg.account === 'ORIGINATION_FEE' ||
      leg.account === 'DEFERRED_INTEREST'
    ) {
      after += leg.amountCents;
    }
  }
  return after;
}

/** The exact LTV once a payment of `amountCents` is applied, at the same price. */
export function ltvAfterPayment(input: {
  balances: TBalances;
  coinQuantity: Decimal | string;
  amountCents: number;
  priceCents: number;
}): Decimal {
  return ltvPct(
    interestBearingAfterPaymentCents(input.balances, input.amountCents),
    input.coinQuantity,
    input.priceCents,
  );
}

/**
 * The four risk thresholds from the three a loan summary carries: the courtesy notice is 5 % below
 * the margin-call level.
 */
export function thresholdsFromLevels(levels: {
  warningLtvPct: number;
  marginCallLtvPct: number;
  liquidationLtvPct: number;
}): TRiskThresholds {
  return {
    warningLtvPct: levels.warningLtvPct,
    courtesyNoticeLtvPct: new Decimal(levels.marginCallLtvPct)
      .times(100 - COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT)
      .div(100)
      .toNumber(),
    marginCallLtvPct: levels.marginCallLtvPct,
    liquidationLtvPct: levels.liquidationLtvPct,
  };
}

/** How far a price has to fall to reach another, in percent of today's (0 when it is not above). */
export function priceFallPct(priceCents: number, toPriceCents: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) {
    throw new DomainError('INVALID_PRICE', 'A coin price is a positive whole number of cents');
  }
  if (toPriceCents >= priceCents) return 0;
  return new Decimal(priceCents - toPriceCents)
    .times(100)
    .div(priceCents)
    .toDecimalPlaces(1, Decimal.ROUND_HALF_UP)
    .toNumber();
}

/** The bounds and step of the what-if price slider, in whole US dollars. */
export type TWhatIfRange = { minUsd: number; maxUsd: number; stepUsd: number; startUsd: number };

/** The round step (1, 2 or 5 times a power of ten dollars, at least $1) nearest above `rough`. */
function roundStepUsd(rough: number): number {
  if (rough <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((value) => value >= rough);
  return step ?? 10 * power;
}

/**
 * The prices the what-if slider offers: from today's price down to a quarter below the
 * liquidation price (or half of today's price when the loan is already past it), in round steps.
 * Null when the price is too low to slide in whole dollars.
 */
export function whatIfPriceRange(input: {
  priceCents: number;
  liquidationPriceCents: number | null;
}): TWhatIfRange | null {
  const { priceCents, liquidationPriceCents } = input;
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) {
    throw new DomainError('INVALID_PRICE', 'A coin price is a positive whole number of cents');
  }
  const priceUsd = priceCents / 100;
  const floorUsd =
    liquidationPriceCents !== null &&
    liquidationPriceCents > 0 &&
    liquidationPriceCents < priceCents
      ? ((liquidationPriceCents / 100) * WHAT_IF_FLOOR_OF_LIQUIDATION_PCT) / 100
      : (priceUsd * WHAT_IF_FLOOR_OF_PRICE_PCT) / 100;
  const stepUsd = roundStepUsd((priceUsd - floorUsd) / WHAT_IF_STEPS);
  const minUsd = Math.max(stepUsd, Math.floor(floorUsd / stepUsd) * stepUsd);
  const maxUsd = Math.ceil(priceUsd / stepUsd) * stepUsd;
  if (maxUsd - minUsd < 2 * stepUsd) return null;
  const startUsd = Math.min(maxUsd, Math.max(minUsd, Math.round(priceUsd / stepUsd) * stepUsd));
  return { minUsd, maxUsd, stepUsd, startUsd };
}

/** What a loan's (or an offered loan's) what-if starts from. */
export type TWhatIfBasis = {
  /** The balance its LTV is on (the interest-bearing balance; an offer's amount with its fee). */
  ltvBalanceCents: number;
  /** What a liquidation repays: everything owed (an offer's amount with its fee). */
  saleBalanceCents: number;
  coinQuantity: Decimal | string;
  thresholds: TRiskThresholds;
  /** The LTV a liquidation sells back down to: the tier's maximum initial LTV. */
  liquidationTargetLtvPct: number;
};

/**
 * An offered loan's what-if, before it is taken: the amount with its fee owed on the coins offered,
 * with the thresholds and liquidation target of the offer's tier. Null for an unknown tier.
 */
export function whatIfBasisOfOffer(
  offer: Pick<TOfferTerms, 'amountCents' | 'collateralUnits' | 'tierId'>,
): TWhatIfBasis | null {
  const tier = RATE_TIERS.find((candidate) => candidate.id === offer.tierId);
  if (tier === undefined) return null;
  return {
    ltvBalanceCents: offer.amountCents,
    saleBalanceCents: offer.amountCents,
    coinQuantity: offer.collateralUnits,
    thresholds: riskThresholds(tier),
    liquidationTargetLtvPct: tier.maxInitialLtvPct,
  };
}

/** At a price: the LTV as previews show it, its level, and the sale a liquidation would make. */
export type TWhatIf = { ltvPct: number; level: TRiskLevel; sale: TLiquidationPlan | null };

/**
 * What a price would do to a loan: its LTV and level as the risk monitoring decides them, and where
 * the level is a margin call (sold if not cured) or a liquidation, the sale the risk engine's
 * liquidation plan makes at that price. Null without coins or at no price.
 */
export function whatIfAtPrice(basis: TWhatIfBasis, priceCents: number): TWhatIf | null {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) return null;
  if (toCoinQuantity(basis.coinQuantity).isZero()) return null;
  const ltv = ltvPct(basis.ltvBalanceCents, basis.coinQuantity, priceCents);
  const level = riskLevel(ltv, basis.thresholds);
  const sells = level === 'MARGIN_CALL' || level === 'LIQUIDATION';
  return {
    ltvPct: shownLtvPct(ltv),
    level,
    sale:
      sells && basis.saleBalanceCents > 0
        ? liquidationPlan({
            balanceCents: basis.saleBalanceCents,
            coinQuantity: basis.coinQuantity,
            priceCents,
            targetLtvPct: basis.liquidationTargetLtvPct,
          })
        : null,
  };
}

/**
 * The loan's health as every page shows it (the loan page, the dashboard, the console): the level
 * of its LTV on the balance the risk pass measures (pending debits not counted), at the latest
 * stored price; an open margin call (a cure deadline set, or the MARGIN_CALL status) stays one
 * until the risk pass cures it, whatever the price did since. Null without an LTV (no price known,
 * or no collateral).
 */
export function loanHealthLevel(input: {
  ltvPct: Decimal | number | string | null;
  thresholds: TRiskThresholds;
  isMarginCallOpen: boolean;
}): TRiskLevel | null {
  if (input.ltvPct === null) return null;
  const level = riskLevel(input.ltvPct, input.thresholds);
  if (
    input.isMarginCallOpen &&
    (level === 'NONE' || level === 'WARNING' || level === 'COURTESY_NOTICE')
  ) {
    return 'MARGIN_CALL';
  }
  return level;
}

/** The time left to cure a margin call, in whole hours and minutes (never overstated). */
export type TCureTimeLeft = { isOver: boolean; hours: number; minutes: number };

const MS_PER_MINUTE = 60_000;

export function cureTimeLeft(cureDeadline: string | Date, nowMs: number): TCureTimeLeft {
  const deadlineMs =
    typeof cureDeadline === 'string' ? Date.parse(cureDeadline) : cureDeadline.getTime();
  if (Number.isNaN(deadlineMs)) {
    throw new DomainError('INVALID_DATE', 'The cure deadline is not a date');
  }
  const leftMinutes = Math.floor((deadlineMs - nowMs) / MS_PER_MINUTE);
  if (leftMinutes <= 0) return { isOver: true, hours: 0, minutes: 0 };
  return { isOver: false, hours: Math.floor(leftMinutes / 60), minutes: leftMinutes % 60 };
}
