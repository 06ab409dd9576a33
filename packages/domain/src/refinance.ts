/**
 * Refinancing a defunct lender's loan (document 2 §9): which collateral treatment applies at the
 * loan's current LTV, and how much collateral a top-up takes.
 */
import {
  REFI_COMPLETION_CALENDAR_DAYS,
  REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT,
  REFI_STABILIZATION_TRIGGER_LTV_PCT,
  REFI_TOP_UP_TARGET_LTV_PCT,
} from './constants/limits.js';
import { LOAN_TERM_MONTHS, RATE_TIERS, type TRateTier } from './constants/rates.js';
import { US_STATE_CODES, type TUsStateCode } from './constants/states.js';
import type {
  TApplicationState,
  TCollateralReuseConsent,
  TOfferedCollateralType,
} from './enums.js';
import { annualPercentageRate, interestOnlyPayments, monthlyInterestCents } from './apr.js';
import { DomainError } from './errors.js';
import {
  additionalCoinQuantity,
  coinQuantityAtLtv,
  collateralValueCents,
  courtesyNoticeLtvPct,
  ltvPct,
  priceAtLtv,
  selectRateTier,
} from './ltv.js';
import {
  coinQuantityString,
  Decimal,
  decimalToCents,
  toCoinQuantity,
  toFiniteDecimal,
} from './money.js';
import { paymentScheduleRows, type TOfferTerms } from './offer.js';
import { findCountry, isServiced } from './residence.js';
import { loanLimitsUsd, type TResidence } from './residence-core.js';
import {
  parseRefiJurisdiction,
  REFI_INELIGIBLE_REASON_MESSAGES,
  type TRefiIneligibleReason,
} from './refi-tape.js';

export const REFI_OPTIONS = ['CUSTODY_ONLY', 'OWNERSHIP_TRANSFER'] as const;
export type TRefiOption = (typeof REFI_OPTIONS)[number];

export type TRefiPricing = { option: TRefiOption; topUpRequired: boolean };

/** The spec's example rates for the two treatments: 14% APR custody only, 13% ownership transfer. */
export const REFI_EXAMPLE_APR_PCT: Readonly<Record<TRefiOption, number>> = {
  CUSTODY_ONLY: 14,
  OWNERSHIP_TRANSFER: 13,
};

function toLtv(currentLtvPct: Decimal | number | string): Decimal {
  const ltv = toFiniteDecimal(currentLtvPct, 'INVALID_LTV');
  if (ltv.isNegative()) {
    throw new DomainError('INVALID_LTV', 'An LTV is a non-negative percentage');
  }
  return ltv;
}

/**
 * The treatment at this LTV without adding collateral when there is one: up to 55% custody-only;
 * above 55% up to and including 70% ownership transfer; above 70% custody-only with a top-up to 55%.
 */
export function refiPricing(currentLtvPct: Decimal | number | string): TRefiPricing {
  const ltv = toLtv(currentLtvPct);
  if (ltv.lte(REFI_TOP_UP_TARGET_LTV_PCT)) return { option: 'CUSTODY_ONLY', topUpRequired: false };
  if (ltv.lte(REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT)) {
    return { option: 'OWNERSHIP_TRANSFER', topUpRequired: false };
  }
  return { option: 'CUSTODY_ONLY', topUpRequired: true };
}

/**
 * Every treatment open at this LTV (the rate choices by collateral treatment): besides refiPricing's,
 * custody-only with a top-up stays open to a borrower in the ownership-transfer range.
 */
export function refiOptions(currentLtvPct: Decimal | number | string): TRefiPricing[] {
  const pricing = refiPricing(currentLtvPct);
  return pricing.option === 'OWNERSHIP_TRANSFER'
    ? [pricing, { option: 'CUSTODY_ONLY', topUpRequired: true }]
    : [pricing];
}

/** Coin to add to bring the loan to the 55% target, rounded up to 6 decimals ("0" if none). */
export function refiTopUpCoinQuantity(input: {
  loanCents: number;
  coinQuantity: Decimal | string;
  priceCents: number;
}): string {
  return coinQuantityString(
    additionalCoinQuantity(
      input.loanCents,
      input.coinQuantity,
      input.priceCents,
      REFI_TOP_UP_TARGET_LTV_PCT,
    ),
  );
}

/** Stabilization (liquidation trigger moved to 85%) is offered with custody-only loans alone. */
export function isStabilizationAvailable(option: TRefiOption): boolean {
  return option === 'CUSTODY_ONLY';
}

// ---------------------------------------------------------------------------------------------
// Pricing a refinancing offer (document 2 §9).

/** How each treatment stands on reusing the collateral: ownership transfer consents to it. */
export const REFI_COLLATERAL_REUSE_CONSENT: Readonly<Record<TRefiOption, TCollateralReuseConsent>> =
  {
    CUSTODY_ONLY: 'DECLINE_REHYPOTHECATION',
    OWNERSHIP_TRANSFER: 'ALLOW_REHYPOTHECATION',
  };

/** The highest LTV each treatment is priced at (after any top-up). */
export const REFI_MAX_LTV_PCT: Readonly<Record<TRefiOption, number>> = {
  CUSTODY_ONLY: REFI_TOP_UP_TARGET_LTV_PCT,
  OWNERSHIP_TRANSFER: REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT,
};

export type TRefiRatesPct = Readonly<Record<TRefiOption, number>>;

/** A brand's refinancing rates in basis points; the spec's example rates when it sets none. */
export function refiRatesBps(ratesPct?: TRefiRatesPct): Record<TRefiOption, number> {
  const source = ratesPct ?? REFI_EXAMPLE_APR_PCT;
  const toBps = (pct: number) => {
    const bps = toFiniteDecimal(pct, 'INVALID_RATE').times(100);
    if (!bps.eq(bps.floor()) || bps.lte(0)) {
      throw new DomainError('INVALID_RATE', 'A rate is a positive percent with at most 2 decimals');
    }
    return bps.toNumber();
  };
  return {
    CUSTODY_ONLY: toBps(source.CUSTODY_ONLY),
    OWNERSHIP_TRANSFER: toBps(source.OWNERSHIP_TRANSFER),
  };
}

/** A refinancing offer: the loan's terms plus the treatment and the top-up it takes. */
export type TRefiOfferTerms = TOfferTerms & {
  option: TRefiOption;
  topUpRequired: boolean;
  /** Coins to add ("0" when none). */
  topUpCoinQuantity: string;
  /** The legacy loan's LTV on its own collateral at this price, 2 decimals. */
  currentLtvPct: string;
  /** LTV once the top-up arrived, 2 decimals; null without a top-up. */
  postTopUpLtvPct: string | null;
  collateralReuseConsent: TCollateralReuseConsent;
};

export type TRefiOfferInput = {
  /** The legacy principal outstanding: the new loan's amount (no origination fee on a refinance). */
  principalCents: number;
  collateralType: TOfferedCollateralType;
  /** The legacy loan's collateral. */
  collateralQuantity: string;
  priceCents: number;
  residence: TResidence;
  ratesBps: Readonly<Record<TRefiOption, number>>;
};

function refiTierOf(ltv: Decimal): TRateTier {
  const tier = selectRateTier(ltv) ?? RATE_TIERS[RATE_TIERS.length - 1];
  if (tier === undefined) throw new Error('No rate tier is defined');
  return tier;
}

/** One offer per treatment open at the legacy loan's LTV (refiOptions), priced at this price. */
export function computeRefiOffers(input: TRefiOfferInput): TRefiOfferTerms[] {
  const { principalCents, priceCents } = input;
  if (!Number.isSafeInteger(principalCents) || principalCents <= 0) {
    throw new DomainError(
      'INVALID_AMOUNT',
      'The principal must be a positive whole number of cents',
    );
  }
  const legacy = toCoinQuantity(input.collateralQuantity);
  const currentLtv = ltvPct(principalCents, legacy, priceCents);
  return refiOptions(currentLtv).map((pricing) => {
    const topUp = pricing.topUpRequired
      ? additionalCoinQuantity(principalCents, legacy, priceCents, REFI_TOP_UP_TARGET_LTV_PCT)
      : new Decimal(0);
    const collateral = legacy.plus(topUp);
    const ltv = ltvPct(principalCents, collateral, priceCents);
    const tier = refiTierOf(ltv);
    const rateBps = input.ratesBps[pricing.option];
    const payments = interestOnlyPayments(principalCents, rateBps, LOAN_TERM_MONTHS);
    const totalOfPaymentsCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
    const apr = annualPercentageRate({ amountFinancedCents: principalCents, payments });
    return {
      amountCents: principalCents,
      drawAmountCents: principalCents,
      termMonths: LOAN_TERM_MONTHS,
      ltvPct: currentLtv.toFixed(2, Decimal.ROUND_HALF_UP),
      interestRateBps: rateBps,
      interestRatePct: new Decimal(rateBps).div(100).toFixed(3),
      annualPercentageRatePct: apr.toFixed(3),
      originationFeeBps: 0,
      originationFeeAmountCents: 0,
      estimatedMonthlyPaymentCents: monthlyInterestCents(principalCents, rateBps),
      collateralType: input.collateralType,
      collateralUnits: collateral.toFixed(),
      minCollateralUnits: coinQuantityString(
        coinQuantityAtLtv(principalCents, priceCents, REFI_MAX_LTV_PCT[pricing.option]),
      ),
      collateralAmountCents: decimalToCents(collateralValueCents(collateral, priceCents)),
      warningPriceCents: priceAtLtv(principalCents, collateral, tier.warningLtvPct),
      marginCallPriceCents: priceAtLtv(principalCents, collateral, tier.marginCallLtvPct),
      liquidationPriceCents: priceAtLtv(principalCents, collateral, tier.liquidationLtvPct),
      courtesyNoticeLtvPct: courtesyNoticeLtvPct(tier),
      tierId: tier.id,
      financeChargeCents: totalOfPaymentsCents - principalCents,
      totalOfPaymentsCents,
      paymentSchedule: paymentScheduleRows(payments),
      option: pricing.option,
      topUpRequired: pricing.topUpRequired,
      topUpCoinQuantity: topUp.isZero() ? '0' : topUp.toFixed(),
      currentLtvPct: currentLtv.toFixed(2, Decimal.ROUND_HALF_UP),
      postTopUpLtvPct: pricing.topUpRequired ? ltv.toFixed(2, Decimal.ROUND_HALF_UP) : null,
      collateralReuseConsent: REFI_COLLATERAL_REUSE_CONSENT[pricing.option],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Priced when committed: a refinancing offer's terms at the price of its confirmation.

/** What the borrower is told when a confirmation finds the offer's terms changed. */
export const REFI_REPRICED_MESSAGES = {
  aboveOwnershipTransferLimit: (collateralType: string, ltvPct: string) =>
    `The price of ${collateralType} moved: your loan’s LTV is now ${ltvPct}%, above the ${REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT}% up to which ownership transfer applies. Review the new offer and accept it again.`,
  topUpNowRequired: (collateralType: string, ltvPct: string) =>
    `The price of ${collateralType} moved: your loan’s LTV is now ${ltvPct}%, above ${REFI_TOP_UP_TARGET_LTV_PCT}%, so custody only now needs a collateral top-up. Review the new offer and accept it again.`,
  termsChanged: (collateralType: string) =>
    `The price of ${collateralType} moved since this offer was made, and its terms changed. Review the new offer and accept it again.`,
  moreTopUpNeeded: (collateralType: string, ltvPct: string) =>
    `The price of ${collateralType} moved: with the coins you added your loan’s LTV is now ${ltvPct}%, above ${REFI_TOP_UP_TARGET_LTV_PCT}%, so custody only needs more collateral. Review the new offer and accept it again.`,
} as const;

export type TRefiCommitRefusal = { code: 'REFI_REPRICED'; message: string };

/** A refinancing offer as the borrower saw it: its treatment, top-up and rate tier. */
export type TRefiQuotedTerms = {
  option: TRefiOption;
  topUpRequired: boolean;
  /** The top-up the offer quoted ("0" when none). */
  topUpCoinQuantity: string;
  tierId: string;
};

/**
 * Whether a refinancing offer's terms still hold at this price when it is confirmed (document 2
 * §9): its treatment is still one the loan's LTV opens, with the same need for a top-up; the
 * quoted top-up still brings the loan within the treatment's limit (55 % custody only, 70 %
 * ownership transfer); and the rate tier (the margin call and liquidation levels) is the same.
 * Null when they hold, and the quoted top-up is the one to request; otherwise what to tell the
 * borrower, who is shown the offers priced anew and accepts one again.
 */
export function refiCommitRefusal(input: {
  quoted: TRefiQuotedTerms;
  principalCents: number;
  collateralType: string;
  /** The legacy loans' collateral. */
  collateralQuantity: string;
  priceCents: number;
}): TRefiCommitRefusal | null {
  const { quoted } = input;
  const legacy = toCoinQuantity(input.collateralQuantity);
  const currentLtv = ltvPct(input.principalCents, legacy, input.priceCents);
  const ltvText = currentLtv.toFixed(2, Decimal.ROUND_HALF_UP);
  const isOpen = refiOptions(currentLtv).some(
    (pricing) => pricing.option === quoted.option && pricing.topUpRequired === quoted.topUpRequired,
  );
  if (!isOpen) {
    const message =
      quoted.option === 'OWNERSHIP_TRANSFER' && currentLtv.gt(REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT)
        ? REFI_REPRICED_MESSAGES.aboveOwnershipTransferLimit(input.collateralType, ltvText)
        : quoted.option === 'CUSTODY_ONLY' && !quoted.topUpRequired
          ? REFI_REPRICED_MESSAGES.topUpNowRequired(input.collateralType, ltvText)
          : REFI_REPRICED_MESSAGES.termsChanged(input.collateralType);
    return { code: 'REFI_REPRICED', message };
  }
  const collateral = legacy.plus(toCoinQuantity(quoted.topUpCoinQuantity));
  const ltv = ltvPct(input.principalCents, collateral, input.priceCents);
  if (ltv.gt(REFI_MAX_LTV_PCT[quoted.option]) || refiTierOf(ltv).id !== quoted.tierId) {
    return {
      code: 'REFI_REPRICED',
      message: REFI_REPRICED_MESSAGES.termsChanged(input.collateralType),
    };
  }
  return null;
}

/**
 * Whether a submitted refinancing's terms still hold at its last signature (issue 34): priced at
 * this price as at its confirmation (refiCommitRefusal). Once its top-up has arrived those coins
 * are pledged: the terms hold while the legacy coins with the top-up stay within the treatment's
 * limit in the same rate tier, and a price rise that would have asked no top-up does not undo the
 * top-up delivered. Null when the last document may be signed; otherwise what to tell the
 * borrower, whose signatures of the stale offer are voided and who accepts the new one.
 */
export function refiSignatureRefusal(input: {
  quoted: TRefiQuotedTerms;
  principalCents: number;
  collateralType: string;
  /** The legacy loans' collateral. */
  collateralQuantity: string;
  priceCents: number;
  /** The requested top-up has arrived (the disclosures of a top-up are signed only then). */
  isTopUpIn: boolean;
}): TRefiCommitRefusal | null {
  const { quoted } = input;
  const topUp = toCoinQuantity(quoted.topUpCoinQuantity);
  if (!input.isTopUpIn || !quoted.topUpRequired || topUp.isZero()) return refiCommitRefusal(input);
  const pledged = toCoinQuantity(input.collateralQuantity).plus(topUp);
  const ltv = ltvPct(input.principalCents, pledged, input.priceCents);
  if (ltv.gt(REFI_MAX_LTV_PCT[quoted.option])) {
    return {
      code: 'REFI_REPRICED',
      message: REFI_REPRICED_MESSAGES.moreTopUpNeeded(
        input.collateralType,
        ltv.toFixed(2, Decimal.ROUND_HALF_UP),
      ),
    };
  }
  if (refiTierOf(ltv).id !== quoted.tierId) {
    return {
      code: 'REFI_REPRICED',
      message: REFI_REPRICED_MESSAGES.termsChanged(input.collateralType),
    };
  }
  return null;
}

/**
 * The invariant of a confirmed refinancing: its collateral (the legacy coins plus the top-up)
 * against its amount at the price it was confirmed at is within its treatment's limit.
 */
export function isRefiWithinLtvLimits(input: {
  option: TRefiOption;
  principalCents: number;
  collateralQuantity: string;
  priceCents: number;
}): boolean {
  const ltv = ltvPct(
    input.principalCents,
    toCoinQuantity(input.collateralQuantity),
    input.priceCents,
  );
  return ltv.lte(REFI_MAX_LTV_PCT[input.option]);
}

/** The coin price at which a stabilized (custody-only) loan reaches its 85% liquidation trigger. */
export function refiStabilizationTriggerPriceCents(input: {
  loanCents: number;
  coinQuantity: string;
}): number {
  return priceAtLtv(input.loanCents, input.coinQuantity, REFI_STABILIZATION_TRIGGER_LTV_PCT);
}

// ---------------------------------------------------------------------------------------------
// Eligibility (document 2 §8) and the completion deadline (§9).

/** The residence a tape jurisdiction names; null when it names none we know. */
export function refiResidenceOf(jurisdiction: string): TResidence | null {
  const parsed = parseRefiJurisdiction(jurisdiction);
  if (parsed === null) return null;
  if (parsed.kind === 'US_STATE') {
    return (US_STATE_CODES as readonly string[]).includes(parsed.state)
      ? { kind: 'state', state: parsed.state as TUsStateCode }
      : null;
  }
  return findCountry(parsed.countryCode) === undefined
    ? null
    : { kind: 'country', countryCode: parsed.countryCode };
}

/** Every reason the legacy loan cannot be refinanced, in the spec's order; empty when eligible. */
export function refiIneligibleReasons(loan: {
  principalCents: number;
  jurisdiction: string;
  passportOnFile: boolean;
}): TRefiIneligibleReason[] {
  const reasons: TRefiIneligibleReason[] = [];
  const residence = refiResidenceOf(loan.jurisdiction);
  if (residence === null || !isServiced(residence)) reasons.push('JURISDICTION_NOT_SERVED');
  if (residence !== null && loan.principalCents < loanLimitsUsd(residence).min * 100) {
    reasons.push('BELOW_MINIMUM_LOAN_AMOUNT');
  }
  if (!loan.passportOnFile) reasons.push('NO_VALID_PASSPORT');
  return reasons;
}

export function refiIneligibleMessages(reasons: readonly TRefiIneligibleReason[]): string[] {
  return reasons.map((reason) => REFI_INELIGIBLE_REASON_MESSAGES[reason]);
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The end of the 14 calendar days to complete, counted from the submitted refinancing details. */
export function refiCompleteBy(submittedAt: Date | string): Date {
  return new Date(new Date(submittedAt).getTime() + REFI_COMPLETION_CALENDAR_DAYS * MS_PER_DAY);
}

/** Past the deadline (strictly after it) an unfinished refinancing is cancelled. */
export function isRefiExpired(input: { submittedAt: Date | string; now: Date | string }): boolean {
  return new Date(input.now).getTime() > refiCompleteBy(input.submittedAt).getTime();
}

/** Whether the treatment may carry stabilization; refused with a message otherwise. */
export function assertStabilizationAllowed(option: TRefiOption | null, optIn: boolean): void {
  if (!optIn) return;
  if (option === null || !isStabilizationAvailable(option)) {
    throw new DomainError('STABILIZATION_NOT_AVAILABLE', REFI_STABILIZATION_MESSAGE, {
      optIn: [REFI_STABILIZATION_MESSAGE],
    });
  }
}

export const REFI_STABILIZATION_MESSAGE =
  'Stabilization is available with custody-only offers only';

/**
 * The coins a refinancing received on its top-up address when it ended unfinished (expired after
 * REFI_COMPLETION_CALENDAR_DAYS, or cancelled): they wait for a return address from the borrower
 * (AWAITING_ADDRESS), are returned to it by two agents (REQUESTED, then RETURNED), or count toward
 * the borrower's new refinancing of the same loan when it is looked up again and submitted before
 * an address was given, whatever its treatment: toward its top-up, or held with it when it needs
 * none (CARRIED_OVER).
 */
export const REFI_COIN_RETURN_STATUSES = [
  'AWAITING_ADDRESS',
  'REQUESTED',
  'RETURNED',
  'CARRIED_OVER',
] as const;
export type TRefiCoinReturnStatus = (typeof REFI_COIN_RETURN_STATUSES)[number];

export const REFI_COIN_RETURN_MESSAGES = {
  notEnded:
    'Coins are returned only from a refinancing that has ended. While it is open, they count toward its top-up.',
  noCoins: 'No coins have arrived for this refinancing, so there is nothing to return.',
  otherAddress:
    'These coins are already being returned to another address. If that address is wrong, contact support.',
  returned: 'These coins have already been returned.',
  carriedOver:
    'These coins now count toward your new refinancing of the same loan, so they are not returned from here.',
  notRequested: 'The borrower has not given a return address yet.',
  stillConfirming:
    'A deposit to this address is still confirming. Return the coins once it has confirmed.',
} as const;

export type TRefiCoinReturnRefusal = {
  code:
    | 'REFI_NOT_ENDED'
    | 'NO_COLLATERAL'
    | 'RETURN_IN_PROGRESS'
    | 'COINS_RETURNED'
    | 'COINS_CARRIED_OVER';
  message: string;
};

/**
 * Why the borrower may not ask for the coins of this refinancing to go to `address` now, or null
 * when they may (asking again for the same address is a repeat, not a refusal).
 */
export function refiCoinReturnRefusal(input: {
  state: TApplicationState;
  status: TRefiCoinReturnStatus | null;
  hasCoins: boolean;
  requestedAddress: string | null;
  address: string;
}): TRefiCoinReturnRefusal | null {
  if (input.state !== 'CANCELLED') {
    return { code: 'REFI_NOT_ENDED', message: REFI_COIN_RETURN_MESSAGES.notEnded };
  }
  if (input.status === 'CARRIED_OVER') {
    return { code: 'COINS_CARRIED_OVER', message: REFI_COIN_RETURN_MESSAGES.carriedOver };
  }
  if (input.status === 'RETURNED') {
    return { code: 'COINS_RETURNED', message: REFI_COIN_RETURN_MESSAGES.returned };
  }
  if (!input.hasCoins) return { code: 'NO_COLLATERAL', message: REFI_COIN_RETURN_MESSAGES.noCoins };
  if (
    input.status === 'REQUESTED' &&
    input.requestedAddress !== null &&
    input.requestedAddress !== input.address
  ) {
    return { code: 'RETURN_IN_PROGRESS', message: REFI_COIN_RETURN_MESSAGES.otherAddress };
  }
  return null;
}

/** How long the address of an ended refinancing that never received a coin is still watched. */
export const REFI_ENDED_ADDRESS_WATCH_DAYS = 30;

/** Whether the coins of an ended refinancing may still count toward a new one of the same loan. */
export function canCarryRefiCoins(status: TRefiCoinReturnStatus | null): boolean {
  return status === null || status === 'AWAITING_ADDRESS';
}
