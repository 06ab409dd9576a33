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
import { LOAN_TERM_MONTHS, MAX_INITIAL_LTV_PCT, type TRateTierId } from './constants/rates.js';
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
  const minLoanCents = loanLimitsUsd(input.residence).min * 100;
  const minAmountCents = loanAmountCents(minLoanCents, input.residence);
  return coinQuantityString(
    coinQuantityAtLtv(minAmountCents, input.priceCents, MAX_INITIAL_LTV_PCT),
  );
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

  // Compared with the exact minimum: the rounded-up minCoinQuantity is what the form asks for, but a
  // quantity between the two still secures the minimum loan.
  const minimumForResidence = coinQuantityAtLtv(
    loanAmountCents(limits.min * 100, residence),
    priceCents,
    MAX_INITIAL_LTV_PCT,
  );
  if (coinQuantity.lt(minimumForResidence)) {
    return ineligible(
      'BELOW_MIN_COIN_QUANTITY',
      additionalCoinQuantity(amountCents, coinQuantity, priceCents, MAX_INITIAL_LTV_PCT),
    );
  }
  const startLtvPct = initialLtvPct({ amountCents, coinQuantity, priceCents });
  const tier = selectRateTier(startLtvPct);
  if (tier === null) {
    return ineligible(
      'LTV_TOO_HIGH',
      additionalCoinQuantity(amountCents, coinQuantity, priceCents, MAX_INITIAL_LTV_PCT),
    );
  }

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
      ltvPct: startLtvPct.toFixed(2, Decimal.ROUND_HALF_UP),
      interestRateBps: tier.interestRateBps,
      interestRatePct: new Decimal(tier.interestRateBps).div(100).toFixed(3),
      annualPercentageRatePct: apr.toFixed(3),
      originationFeeBps: feeBps,
      originationFeeAmountCents: feeCents,
      estimatedMonthlyPaymentCents: monthlyInterestCents(amountCents, tier.interestRateBps),
      collateralType,
      collateralUnits: coinQuantity.toFixed(),
      minCollateralUnits: coinQuantityString(
        coinQuantityAtLtv(amountCents, priceCents, MAX_INITIAL_LTV_PCT),
      ),
      collateralAmountCents: decimalToCents(collateralValueCents(coinQuantity, priceCents)),
      warningPriceCents: priceAtLtv(amountCents, coinQuantity, tier.warningLtvPct),
      marginCallPriceCents: priceAtLtv(amountCents, coinQuantity, tier.marginCallLtvPct),
      liquidationPriceCents: priceAtLtv(amountCents, coinQuantity, tier.liquidationLtvPct),
      courtesyNoticeLtvPct: courtesyNoticeLtvPct(tier),
      tierId: tier.id,
      financeChargeCents: totalOfPaymentsCents - drawCents,
      totalOfPaymentsCents,
      paymentSchedule: paymentScheduleRows(payments),
    },
  };
}
