/**
 * Offer maths (document 1 §1, §3 Offer, §9): origination fee, rate tier, payments, APR, LTV prices.
 * See ltv.ts for which loan figure each LTV uses.
 */
import {
  NO_ORIGINATION_FEE_STATES,
  LIQUIDATION_PROCESSING_FEE_BPS,
  ORIGINATION_FEE_BPS_BY_STATE,
  ORIGINATION_FEE_DOMESTIC_BPS,
  ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE,
  ORIGINATION_FEE_INTERNATIONAL_BPS,
} from './constants/fees.js';
import { MAX_COLLATERAL_DECIMALS } from './constants/limits.js';
import {
  LOAN_TERM_MONTHS,
  MAX_INITIAL_LTV_PCT,
  RATE_TIERS,
  type TRateTier,
  type TRateTierId,
} from './constants/rates.js';
import {
  annualPercentageRate,
  interestOnlyPayments,
  monthlyInterestCents,
  type TScheduledPayment,
} from './apr.js';
import { OFFERED_COLLATERAL_TYPES, type TOfferedCollateralType } from './enums.js';
import { DomainError } from './errors.js';
import {
  additionalCoinQuantity,
  coinQuantityAtLtv,
  collateralValueCents,
  courtesyNoticeLtvPct,
  initialLtvPct,
  priceAtLtv,
  selectRateTier,
} from './ltv.js';
import { Decimal, bpsOf, coinQuantityString, decimalToCents, toCoinQuantity } from './money.js';
import { OFFER_REFUSAL_MESSAGES } from './offer-messages.js';
import { isServiced, loanLimitsUsd, type TResidence } from './residence.js';

// Re-exported so that imports of the messages from the offer module keep working.
export { OFFER_REFUSAL_MESSAGES };

export const OFFER_INELIGIBLE_REASONS = [
  'LTV_TOO_HIGH',
  'BELOW_MIN_AMOUNT',
  'ABOVE_MAX_AMOUNT',
  'STATE_NOT_SERVICED',
  'COUNTRY_NOT_ENABLED',
  'BELOW_MIN_COIN_QUANTITY',
  'UNSUPPORTED_COLLATERAL',
] as const;
export type TOfferIneligibleReason = (typeof OFFER_INELIGIBLE_REASONS)[number];

export type TPaymentScheduleRow = { number: number; dueMonth: number; amountCents: number };

/** Payments as an offer states them: numbered from 1, each with the month it falls due. */
export function paymentScheduleRows(payments: readonly TScheduledPayment[]): TPaymentScheduleRow[] {
  return payments.map((payment, index) => ({
    number: index + 1,
    dueMonth: payment.periodMonths,
    amountCents: payment.amountCents,
  }));
}

/**
 * An offer's payments from its terms: every offer's loan is interest only, so the schedule follows
 * from the amount, the rate and the term, and is not kept beside them.
 */
export function offerPaymentSchedule(
  terms: Pick<TOfferTerms, 'amountCents' | 'interestRateBps' | 'termMonths'>,
): TPaymentScheduleRow[] {
  return paymentScheduleRows(
    interestOnlyPayments(terms.amountCents, terms.interestRateBps, terms.termMonths),
  );
}

export type TOfferTerms = {
  /** The loan: draw plus the capitalised origination fee. */
  amountCents: number;
  /** Cash to the borrower. */
  drawAmountCents: number;
  termMonths: number;
  /** Initial LTV (amount, the draw with its fee, ÷ collateral value), 2 decimals. */
  ltvPct: string;
  interestRateBps: number;
  /** "8.910" */
  interestRatePct: string;
  /** 3 decimals. */
  annualPercentageRatePct: string;
  originationFeeBps: number;
  originationFeeAmountCents: number;
  /** Interest only: amount × rate ÷ 12, half-up. */
  estimatedMonthlyPaymentCents: number;
  collateralType: TOfferedCollateralType;
  collateralUnits: string;
  /** Least coin quantity that keeps this loan at or under the maximum initial LTV, rounded up. */
  minCollateralUnits: string;
  /** Collateral value at the quoted price. */
  collateralAmountCents: number;
  warningPriceCents: number;
  marginCallPriceCents: number;
  liquidationPriceCents: number;
  courtesyNoticeLtvPct: number;
  tierId: TRateTierId;
  /** Total of payments minus the amount financed (the draw): interest plus the prepaid fee. */
  financeChargeCents: number;
  totalOfPaymentsCents: number;
  paymentSchedule: TPaymentScheduleRow[];
};

export type TOfferResult =
  | { eligible: true; offer: TOfferTerms }
  | { eligible: false; reason: TOfferIneligibleReason; additionalCoinQuantityNeeded?: string };

export type TOfferInput = {
  drawCents: number;
  /** Any requested type; only BTC and ETH get offers. */
  collateralType: string;
  coinQuantity: Decimal | string;
  priceCents: number;
  residence: TResidence;
};

export function isOfferedCollateralType(type: string): type is TOfferedCollateralType {
  return (OFFERED_COLLATERAL_TYPES as readonly string[]).includes(type);
}

/** The origination fee rate shown to the borrower (a flat-minimum state shows its percentage). */
export function originationFeeBps(residence: TResidence): number {
  if (residence.kind === 'country') return ORIGINATION_FEE_INTERNATIONAL_BPS;
  if (NO_ORIGINATION_FEE_STATES.includes(residence.state)) return 0;
  return ORIGINATION_FEE_BPS_BY_STATE[residence.state] ?? ORIGINATION_FEE_DOMESTIC_BPS;
}

/**
 * The origination fee on a draw, rounded half-up to the cent: the residence's rate, and in the
 * flat-minimum states the greater of that and the flat amount.
 */
export function originationFeeCents(drawCents: number, residence: TResidence): number {
  const percentageFee = bpsOf(drawCents, originationFeeBps(residence));
  return Math.max(percentageFee, originationFeeFlatMinimumCents(residence));
}

/** The flat amount a state's origination fee is at least (0 where there is none). */
export function originationFeeFlatMinimumCents(residence: TResidence): number {
  if (residence.kind === 'country') return 0;
  return ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE[residence.state] ?? 0;
}

/**
 * The loan amount of a draw: the draw plus its capitalised origination fee, what the borrower owes
 * from the first day and what every LTV of the loan is measured on (ltv.ts).
 */
export function loanAmountCents(drawCents: number, residence: TResidence): number {
  return drawCents + originationFeeCents(drawCents, residence);
}

/** The processing fee on a liquidation: 2% of the amount liquidated. */
export function liquidationProcessingFeeCents(liquidatedCents: number): number {
  return bpsOf(liquidatedCents, LIQUIDATION_PROCESSING_FEE_BPS);
}

/**
 * Refuses, with field messages, what never gets rates or offers: an unserviced state, a disabled
 * country or a collateral type that is not offered. Loan-size and LTV questions are not refusals;
 * they are answered by the offer and the rate bands.
 */
export function assertOfferable(input: { collateralType: string; residence: TResidence }): void {
  if (!isOfferedCollateralType(input.collateralType)) {
    const message = OFFER_REFUSAL_MESSAGES.UNSUPPORTED_COLLATERAL;
    throw new DomainError('UNSUPPORTED_COLLATERAL', message, { collateralType: [message] });
  }
  if (!isServiced(input.residence)) {
    if (input.residence.kind === 'state') {
      const message = OFFER_REFUSAL_MESSAGES.STATE_NOT_SERVICED;
      throw new DomainError('STATE_NOT_SERVICED', message, { state: [message] });
    }
    const message = OFFER_REFUSAL_MESSAGES.COUNTRY_NOT_ENABLED;
    throw new DomainError('COUNTRY_NOT_ENABLED', message, { countryCode: [message] });
  }
}

function assertPositiveCents(cents: number, what: string, code: string): void {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new DomainError(code, `The ${what} must be a positive whole number of cents`);
  }
}

/**
 * The least coin quantity that can secure the residence's minimum loan at the maximum initial LTV,
 * rounded up to the collateral precision (the crypto values' minCoinQuantity; the offer form's
 * 'Min. {qty} {type}').
 */
export function minCoinQuantity(input: { priceCents: number; residence: TResidence }): string {
  assertPositiveCents(input.priceCents, 'coin price', 'INVALID_PRICE');
  return coinQuantityUpText(
    BigInt(minLoanAmountCents(input.residence)) * 100n,
    BigInt(input.priceCents) * BigInt(MAX_INITIAL_LTV_PCT),
  );
}

/**
 * The loan amount of the residence's minimum loan (its minimum cash with its fee), worked out
 * once per residence: every offer request and crypto-values answer needs it, and it follows from
 * constants alone.
 */
const minLoanAmountsCents = new Map<string, number>();

function minLoanAmountCents(residence: TResidence): number {
  const key = residence.kind === 'state' ? residence.state : `country:${residence.countryCode}`;
  let cents = minLoanAmountsCents.get(key);
  if (cents === undefined) {
    cents = loanAmountCents(loanLimitsUsd(residence).min * 100, residence);
    minLoanAmountsCents.set(key, cents);
  }
  return cents;
}

/** 10^0 … 10^MAX_EXACT_COIN_DECIMALS. */
const MAX_EXACT_COIN_DECIMALS = 18;
const POWERS_OF_TEN = Array.from(
  { length: MAX_EXACT_COIN_DECIMALS + 1 },
  (_, exponent) => 10n ** BigInt(exponent),
);
const COIN_PRECISION = 10n ** BigInt(MAX_COLLATERAL_DECIMALS);

/** numerator ÷ denominator of positive whole numbers, rounded half-up. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return 2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient;
}

/** numerator ÷ denominator of positive whole numbers, rounded up. */
function divideUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator === 0n ? quotient : quotient + 1n;
}

/**
 * A coin quantity of numerator ÷ denominator coins rounded up to the collateral precision, as
 * coinQuantityString writes it.
 */
function coinQuantityUpText(numerator: bigint, denominator: bigint): string {
  const units = divideUp(numerator * COIN_PRECISION, denominator);
  if (units === 0n) return '0';
  const fraction = String(units % COIN_PRECISION).padStart(MAX_COLLATERAL_DECIMALS, '0');
  return `${units / COIN_PRECISION}.${fraction}`;
}

function ineligible(
  reason: TOfferIneligibleReason,
  additionalCoinQuantityNeeded?: Decimal,
): TOfferResult {
  return additionalCoinQuantityNeeded === undefined
    ? { eligible: false, reason }
    : {
        eligible: false,
        reason,
        additionalCoinQuantityNeeded: coinQuantityString(additionalCoinQuantityNeeded),
      };
}

/** What an offer's collateral figures are worked out from. */
type TCollateralInput = {
  /** The loan amount: the draw with its capitalised fee. */
  amountCents: number;
  coinQuantity: Decimal;
  /** The quantity in plain notation (Decimal's toFixed). */
  collateralUnits: string;
  priceCents: number;
};

/** The figures of an offer that depend on its collateral, or why there is no offer. */
type TCollateralFigures =
  | { refusal: 'BELOW_MIN_COIN_QUANTITY' | 'LTV_TOO_HIGH' }
  | {
      refusal?: undefined;
      tier: TRateTier;
      /** The initial LTV, 2 decimals. */
      ltvPct: string;
      minCollateralUnits: string;
      collateralAmountCents: number;
      warningPriceCents: number;
      marginCallPriceCents: number;
      liquidationPriceCents: number;
    };

/**
 * The collateral figures with exact decimals (ltv.ts): the rule, and the answer for any quantity
 * or figure beyond what collateralFiguresExact takes.
 */
function collateralFiguresOfDecimals(
  input: TCollateralInput,
  minAmountCents: number,
): TCollateralFigures {
  const { amountCents, coinQuantity, priceCents } = input;
  // Compared with the exact minimum: the rounded-up minCoinQuantity is what the form asks for, but a
  // quantity between the two still secures the minimum loan.
  if (coinQuantity.lt(coinQuantityAtLtv(minAmountCents, priceCents, MAX_INITIAL_LTV_PCT))) {
    return { refusal: 'BELOW_MIN_COIN_QUANTITY' };
  }
  const startLtvPct = initialLtvPct({ amountCents, coinQuantity, priceCents });
  const tier = selectRateTier(startLtvPct);
  if (tier === null) return { refusal: 'LTV_TOO_HIGH' };
  return {
    tier,
    ltvPct: startLtvPct.toFixed(2, Decimal.ROUND_HALF_UP),
    minCollateralUnits: coinQuantityString(
      coinQuantityAtLtv(amountCents, priceCents, MAX_INITIAL_LTV_PCT),
    ),
    collateralAmountCents: decimalToCents(collateralValueCents(coinQuantity, priceCents)),
    warningPriceCents: priceAtLtv(amountCents, coinQuantity, tier.warningLtvPct),
    marginCallPriceCents: priceAtLtv(amountCents, coinQuantity, tier.marginCallLtvPct),
    liquidationPriceCents: priceAtLtv(amountCents, coinQuantity, tier.liquidationLtvPct),
  };
}

/** A coin quantity in plain notation that whole-number arithmetic takes as exactly as decimals. */
const EXACT_COIN_TEXT = /^(\d{1,20})(?:\.(\d{1,18}))?$/;
/** The largest loan amount whole-number arithmetic takes ($10 billion, far above any limit). */
const MAX_EXACT_AMOUNT_CENTS = 1_000_000_000_000;
const MAX_SAFE_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

/** Whole cents as a number; undefined beyond safe integers (the decimals refuse those). */
function safeCents(cents: bigint): number | undefined {
  return cents > MAX_SAFE_CENTS ? undefined : Number(cents);
}

/**
 * The collateral figures in whole numbers: the same figures as collateralFiguresOfDecimals, at a
 * fraction of the cost (an offer request is priced anew every time). The decimals round each
 * quotient to 40 significant digits before its figure is rounded; with at most 20 whole digits
 * and 18 decimals of coin and loan amounts up to MAX_EXACT_AMOUNT_CENTS, an exact quotient lies
 * at least 1e-31 of itself away from any rounding boundary of a figure it is not on, so that
 * first rounding never moves a figure and each is the exact quotient rounded once. Undefined for
 * anything else (and for a figure beyond safe-integer cents, which the decimals refuse), for the
 * decimals to answer.
 */
function collateralFiguresExact(
  input: TCollateralInput,
  minAmountCents: number,
): TCollateralFigures | undefined {
  const { amountCents, priceCents } = input;
  const match = EXACT_COIN_TEXT.exec(input.collateralUnits);
  if (match === null || amountCents > MAX_EXACT_AMOUNT_CENTS || !ARE_TIERS_WHOLE_PERCENTS) {
    return undefined;
  }
  const decimals = match[2] ?? '';
  // The quantity is units ÷ scale coins (none: the decimals refuse a collateral without value).
  const units = BigInt(`${match[1]}${decimals}`);
  if (units === 0n) return undefined;
  const scale = POWERS_OF_TEN[decimals.length] as bigint;
  const price = BigInt(priceCents);
  const amount = BigInt(amountCents);
  const maxPct = BigInt(MAX_INITIAL_LTV_PCT);
  // quantity < minAmount × 100 ÷ (price × maxPct)
  if (units * price * maxPct < BigInt(minAmountCents) * 100n * scale) {
    return { refusal: 'BELOW_MIN_COIN_QUANTITY' };
  }
  // The initial LTV, amount × 100 ÷ (quantity × price), is ltvNumerator ÷ value.
  const ltvNumerator = amount * 100n * scale;
  const value = units * price;
  const tier = RATE_TIERS.find(
    (candidate) => ltvNumerator <= BigInt(candidate.maxInitialLtvPct) * value,
  );
  if (tier === undefined) return { refusal: 'LTV_TOO_HIGH' };
  const hundredths = divideHalfUp(ltvNumerator * 100n, value);
  const collateralAmountCents = safeCents(divideHalfUp(value, scale));
  // The price at which the loan reaches an LTV: amount × 100 ÷ (quantity × ltv).
  const warningPriceCents = safeCents(
    divideHalfUp(ltvNumerator, units * BigInt(tier.warningLtvPct)),
  );
  const marginCallPriceCents = safeCents(
    divideHalfUp(ltvNumerator, units * BigInt(tier.marginCallLtvPct)),
  );
  const liquidationPriceCents = safeCents(
    divideHalfUp(ltvNumerator, units * BigInt(tier.liquidationLtvPct)),
  );
  if (
    collateralAmountCents === undefined ||
    warningPriceCents === undefined ||
    marginCallPriceCents === undefined ||
    liquidationPriceCents === undefined
  ) {
    return undefined;
  }
  return {
    tier,
    ltvPct: `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`,
    minCollateralUnits: coinQuantityUpText(amount * 100n, price * maxPct),
    collateralAmountCents,
    warningPriceCents,
    marginCallPriceCents,
    liquidationPriceCents,
  };
}

/** Whether every LTV of the rate tiers (and the ceiling) is a whole percent, as the exact figures take them. */
const ARE_TIERS_WHOLE_PERCENTS = [
  MAX_INITIAL_LTV_PCT,
  ...RATE_TIERS.flatMap((tier) => [
    tier.maxInitialLtvPct,
    tier.warningLtvPct,
    tier.marginCallLtvPct,
    tier.liquidationLtvPct,
  ]),
].every((pct) => Number.isSafeInteger(pct) && pct > 0);

/** A rate tier's figures that every offer in it shows, worked out once per tier. */
const TIER_FIGURES = new WeakMap<
  TRateTier,
  { interestRatePct: string; courtesyNoticeLtvPct: number }
>();

function tierFigures(tier: TRateTier) {
  let figures = TIER_FIGURES.get(tier);
  if (figures === undefined) {
    figures = {
      interestRatePct: new Decimal(tier.interestRateBps).div(100).toFixed(3),
      courtesyNoticeLtvPct: courtesyNoticeLtvPct(tier),
    };
    TIER_FIGURES.set(tier, figures);
  }
  return figures;
}

/** The offer for a draw against a collateral at a price, or the first reason there is none. */
export function computeOffer(input: TOfferInput): TOfferResult {
  const { drawCents, priceCents, residence } = input;
  assertPositiveCents(drawCents, 'cash to borrow', 'INVALID_AMOUNT');
  assertPositiveCents(priceCents, 'coin price', 'INVALID_PRICE');
  const coinQuantity = toCoinQuantity(input.coinQuantity);
  const collateralType = input.collateralType;

  if (!isOfferedCollateralType(collateralType)) return ineligible('UNSUPPORTED_COLLATERAL');
  if (!isServiced(residence)) {
    return ineligible(residence.kind === 'state' ? 'STATE_NOT_SERVICED' : 'COUNTRY_NOT_ENABLED');
  }
  const limits = loanLimitsUsd(residence);
  if (drawCents < limits.min * 100) return ineligible('BELOW_MIN_AMOUNT');
  if (drawCents > limits.max * 100) return ineligible('ABOVE_MAX_AMOUNT');

  const feeBps = originationFeeBps(residence);
  const feeCents = originationFeeCents(drawCents, residence);
  // Every LTV of the loan is on what it owes: the draw with its capitalised fee (ltv.ts).
  const amountCents = drawCents + feeCents;

  const collateralUnits = coinQuantity.toFixed();
  const collateral = { amountCents, coinQuantity, collateralUnits, priceCents };
  const minAmountCents = minLoanAmountCents(residence);
  const figures =
    collateralFiguresExact(collateral, minAmountCents) ??
    collateralFiguresOfDecimals(collateral, minAmountCents);
  if (figures.refusal !== undefined) {
    return ineligible(
      figures.refusal,
      additionalCoinQuantity(amountCents, coinQuantity, priceCents, MAX_INITIAL_LTV_PCT),
    );
  }
  const { tier } = figures;

  const payments = interestOnlyPayments(amountCents, tier.interestRateBps, LOAN_TERM_MONTHS);
  const totalOfPaymentsCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  // The capitalised fee is a prepaid finance charge, so the amount financed is the draw.
  const apr = annualPercentageRate({ amountFinancedCents: drawCents, payments });

  return {
    eligible: true,
    offer: {
      amountCents,
      drawAmountCents: drawCents,
      termMonths: LOAN_TERM_MONTHS,
      ltvPct: figures.ltvPct,
      interestRateBps: tier.interestRateBps,
      interestRatePct: tierFigures(tier).interestRatePct,
      annualPercentageRatePct: apr.toFixed(3),
      originationFeeBps: feeBps,
      originationFeeAmountCents: feeCents,
      estimatedMonthlyPaymentCents: monthlyInterestCents(amountCents, tier.interestRateBps),
      collateralType,
      collateralUnits,
      minCollateralUnits: figures.minCollateralUnits,
      collateralAmountCents: figures.collateralAmountCents,
      warningPriceCents: figures.warningPriceCents,
      marginCallPriceCents: figures.marginCallPriceCents,
      liquidationPriceCents: figures.liquidationPriceCents,
      courtesyNoticeLtvPct: tierFigures(tier).courtesyNoticeLtvPct,
      tierId: tier.id,
      financeChargeCents: totalOfPaymentsCents - drawCents,
      totalOfPaymentsCents,
      paymentSchedule: paymentScheduleRows(payments),
    },
  };
}
