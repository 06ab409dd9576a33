/**
 * Renewal (roll-forward, document 1 §1, §5 and §9; DESIGN §5): a borrower with a current loan takes
 * a new 12-month loan on the collateral already pledged, optionally adding coins, with no new cash.
 * These are the rules the server enforces and the pages show: when a loan may be renewed, what the
 * renewal borrows (the loan's balance), and how it is priced.
 *
 * Unpaid accrued interest: payments are interest-only and fall monthly on the funding day of the
 * month. The interest of the running month (from the last such day to the renewal) has not been
 * paid yet; the renewal settles it by rolling it into the new loan's cash, so the old loan closes
 * with nothing owed and no dollars change hands. The renewal's cash is therefore the old loan's
 * principal plus that accrued interest, and the new origination fee is capitalised on top of it
 * (document 1 §9), exactly as for a new loan.
 */
import {
  INTEREST_DAY_COUNT_DAYS_PER_YEAR,
  RENEWAL_LOW_LTV_WARNING_PCT,
  RENEWAL_WINDOW_DAYS,
} from './constants/limits.js';
import { LOAN_TERM_MONTHS, RATE_TIERS, type TRateTier } from './constants/rates.js';
import type { TApplicationState } from './enums.js';
import { ltvPct, ltvStatus, type TLtvStatus } from './ltv.js';
import { Decimal, coinQuantityString, mulDivCents, toCoinQuantity } from './money.js';
import { computeOffer, type TOfferResult, type TOfferTerms } from './offer.js';
import { isServiced, type TResidence } from './residence.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** `date` plus whole months in UTC, on the same day of the month or the month's last day. */
export function addMonthsUtc(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** The calendar date (YYYY-MM-DD, UTC) the term ends: the funding date plus the term. */
export function loanMaturityDate(fundedAt: Date, termMonths: number = LOAN_TERM_MONTHS): string {
  return addMonthsUtc(fundedAt, termMonths).toISOString().slice(0, 10);
}

export type TRenewalWindow = {
  /** First day a renewal can be opened (YYYY-MM-DD): RENEWAL_WINDOW_DAYS before maturity. */
  opensOn: string;
  /** The maturity date, the window's last day. */
  closesOn: string;
};

/** The window runs from RENEWAL_WINDOW_DAYS before maturity through the maturity date (UTC days). */
export function renewalWindow(maturityDate: string): TRenewalWindow {
  const maturity = Date.parse(`${maturityDate}T00:00:00Z`);
  return {
    opensOn: new Date(maturity - RENEWAL_WINDOW_DAYS * MS_PER_DAY).toISOString().slice(0, 10),
    closesOn: maturityDate,
  };
}

export type TRenewalWindowPosition = 'BEFORE' | 'OPEN' | 'AFTER';

export function renewalWindowPosition(maturityDate: string, now: Date): TRenewalWindowPosition {
  const window = renewalWindow(maturityDate);
  const today = now.toISOString().slice(0, 10);
  if (today < window.opensOn) return 'BEFORE';
  return today > window.closesOn ? 'AFTER' : 'OPEN';
}

/** The status of a funded loan as servicing speaks of it (DESIGN §5). */
export const LOAN_STATUSES = [
  'ACTIVE',
  'MARGIN_CALL',
  'LIQUIDATED',
  'PAID_OFF',
  'MATURED',
  'RENEWED',
] as const;
export type TLoanStatusName = (typeof LOAN_STATUSES)[number];

export function rateTierById(tierId: string): TRateTier | null {
  return RATE_TIERS.find((tier) => tier.id === tierId) ?? null;
}

/**
 * A loan's current LTV: its balance against the collateral at today's price (2 decimals), and
 * where that stands for its tier.
 */
export function currentLoanLtv(input: {
  balanceCents: number;
  coinQuantity: string;
  priceCents: number;
  tierId: string;
}): { ltvPct: string; status: TLtvStatus } | null {
  const tier = rateTierById(input.tierId);
  if (tier === null) return null;
  const ltv = ltvPct(input.balanceCents, toCoinQuantity(input.coinQuantity), input.priceCents);
  return { ltvPct: ltv.toFixed(2, Decimal.ROUND_HALF_UP), status: ltvStatus(ltv, tier) };
}

/**
 * The status of a funded application: a COMPLETE loan is ACTIVE until its LTV reaches the margin
 * call (MARGIN_CALL) or the liquidation level (LIQUIDATED is what follows); RENEWED and PAID_OFF
 * speak for themselves; a COMPLETE loan past maturity is MATURED.
 */
export function loanStatusOf(input: {
  state: TApplicationState;
  ltvStatus: TLtvStatus | null;
  maturityDate: string;
  now: Date;
}): TLoanStatusName | null {
  switch (input.state) {
    case 'RENEWED':
      return 'RENEWED';
    case 'PAID_OFF':
    case 'COLLATERAL_RELEASED':
      return 'PAID_OFF';
    case 'COMPLETE':
      if (input.ltvStatus === 'LIQUIDATION') return 'LIQUIDATED';
      if (input.ltvStatus === 'MARGIN_CALL') return 'MARGIN_CALL';
      return renewalWindowPosition(input.maturityDate, input.now) === 'AFTER'
        ? 'MATURED'
        : 'ACTIVE';
    default:
      return null;
  }
}

/**
 * Interest accrued and not yet due: from the last monthly payment day (the funding day of the month)
 * up to `now`, whole days, actual/365, half-up to the cent.
 */
export function unpaidAccruedInterestCents(input: {
  principalCents: number;
  interestRateBps: number;
  fundedAt: Date;
  now: Date;
}): number {
  const { fundedAt, now } = input;
  if (now.getTime() <= fundedAt.getTime()) return 0;
  let months = (now.getUTCFullYear() - fundedAt.getUTCFullYear()) * 12;
  months += now.getUTCMonth() - fundedAt.getUTCMonth();
  while (months > 0 && addMonthsUtc(fundedAt, months).getTime() > now.getTime()) months -= 1;
  const lastPaymentDay = addMonthsUtc(fundedAt, Math.max(months, 0));
  const days = Math.floor((now.getTime() - lastPaymentDay.getTime()) / MS_PER_DAY);
  if (days <= 0) return 0;
  return mulDivCents(
    input.principalCents,
    input.interestRateBps * days,
    10000 * INTEREST_DAY_COUNT_DAYS_PER_YEAR,
  );
}

/** The renewal's cash: the old loan's principal plus its unpaid accrued interest. */
export function renewalDrawCents(input: {
  principalCents: number;
  interestRateBps: number;
  fundedAt: Date;
  now: Date;
}): number {
  return input.principalCents + unpaidAccruedInterestCents(input);
}

/** The collateral a renewal pledges: what the loan holds plus the coins added. */
export function renewalCoinQuantity(collateral: string, topUp: string): string {
  return toCoinQuantity(collateral).plus(toCoinQuantity(topUp)).toFixed();
}

export type TRenewalTopUpProgress = {
  /** The coins the renewal adds. */
  topUp: string;
  /** What the loan held of its own when the renewal was priced: the pledge less the top-up. */
  loanCollateral: string;
  /** The coins the loan holds beyond its own: what arrived for the top-up. */
  arrived: string;
  /** What of the top-up has still to arrive ("0" once it is all in). */
  remaining: string;
  isIn: boolean;
};

/**
 * How far a renewal's top-up has come. The renewal pledges the coins its loan held when it was
 * priced plus the top-up; whatever the loan holds beyond its own coins arrived for the top-up. The
 * deposits on the loan's address are never compared with the whole pledge: a refinanced loan's
 * legacy coins never came through that address.
 */
export function renewalTopUpProgress(input: {
  /** The collateral the renewal's offer pledges (the loan's coins plus the top-up). */
  pledged: string;
  topUp: string;
  /** The coins the loan holds now. */
  held: string;
}): TRenewalTopUpProgress {
  const topUp = toCoinQuantity(input.topUp);
  const loanCollateral = Decimal.max(toCoinQuantity(input.pledged).minus(topUp), 0);
  const arrived = Decimal.max(toCoinQuantity(input.held).minus(loanCollateral), 0);
  const remaining = Decimal.max(topUp.minus(arrived), 0);
  return {
    topUp: topUp.toFixed(),
    loanCollateral: loanCollateral.toFixed(),
    arrived: arrived.toFixed(),
    remaining: remaining.toFixed(),
    isIn: remaining.isZero(),
  };
}

/**
 * The renewal offer: the loan's balance as the cash (fixed), the collateral plus the top-up, at
 * today's price, priced like a new loan (the same tiers, fee and term).
 */
export function computeRenewalOffer(input: {
  balanceCents: number;
  collateralType: string;
  collateral: string;
  topUp: string;
  priceCents: number;
  residence: TResidence;
}): TOfferResult {
  return computeOffer({
    drawCents: input.balanceCents,
    collateralType: input.collateralType,
    coinQuantity: renewalCoinQuantity(input.collateral, input.topUp),
    priceCents: input.priceCents,
    residence: input.residence,
  });
}

export const RENEWAL_REFUSALS = [
  'NOT_ACTIVE',
  'MARGIN_CALL',
  'WINDOW_NOT_OPEN',
  'MATURED',
  'RESIDENCE_NOT_SERVICED',
  'LTV_TOO_HIGH',
  'AMOUNT_OUT_OF_LIMITS',
  'RENEWAL_REPRICED',
] as const;
export type TRenewalRefusalCode = (typeof RENEWAL_REFUSALS)[number];

export const RENEWAL_MESSAGES = {
  notActive: 'Only an active loan can be renewed.',
  marginCall:
    'This loan is in a margin call. Add collateral or repay part of the loan before renewing it.',
  windowNotOpen: (opensOn: string) =>
    `Renewal opens on ${opensOn}, ${RENEWAL_WINDOW_DAYS} days before your loan matures.`,
  matured: 'This loan has reached its maturity date and can no longer be renewed.',
  residenceNotServiced:
    'Loans are no longer offered where you live, so this loan cannot be renewed.',
  /** `quantity`: the whole top-up the renewal needs; `more`: beyond what was entered, if any. */
  ltvTooHigh: (quantity: string, type: string, more?: string) =>
    `Add at least ${quantity} ${type} to renew at your current loan balance.${
      more === undefined ? '' : ` That is ${more} ${type} more than you entered.`
    }`,
  amountOutOfLimits: 'Your loan balance is outside the loan amounts offered where you live.',
  repriced: (collateralType: string) =>
    `The price of ${collateralType} moved since this renewal’s offer was made, and its terms changed. Review the new offer and accept it again.`,
  repricedCancelled: (collateralType: string) =>
    `This renewal was not completed: the price of ${collateralType} moved and its accepted terms no longer hold. Start the renewal again from your dashboard to see the new offer; collateral already sent stays with your loan.`,
  expiredCancelled:
    'This renewal was not completed before your loan’s maturity date, so your loan was not renewed. Collateral already sent stays with your loan.',
  noFundsDisbursed: 'No new funds will be disbursed',
} as const;

export type TRenewalRefusal = { code: TRenewalRefusalCode; message: string };

/**
 * Why a funded loan cannot be renewed now, or null when it can (the LTV of the new loan is asked
 * separately, with the top-up: renewalLtvRefusal). Checked in this order: the loan is ACTIVE (not
 * in margin call, liquidated, paid off or renewed), inside its window, and its residence is still
 * serviced.
 */
export function renewalRefusal(input: {
  state: TApplicationState;
  ltvStatus: TLtvStatus | null;
  maturityDate: string;
  residence: TResidence;
  now: Date;
}): TRenewalRefusal | null {
  if (input.state !== 'COMPLETE')
    return { code: 'NOT_ACTIVE', message: RENEWAL_MESSAGES.notActive };
  if (input.ltvStatus === 'MARGIN_CALL' || input.ltvStatus === 'LIQUIDATION') {
    return { code: 'MARGIN_CALL', message: RENEWAL_MESSAGES.marginCall };
  }
  const position = renewalWindowPosition(input.maturityDate, input.now);
  if (position === 'BEFORE') {
    const { opensOn } = renewalWindow(input.maturityDate);
    return { code: 'WINDOW_NOT_OPEN', message: RENEWAL_MESSAGES.windowNotOpen(opensOn) };
  }
  if (position === 'AFTER') return { code: 'MATURED', message: RENEWAL_MESSAGES.matured };
  if (!isServiced(input.residence)) {
    return { code: 'RESIDENCE_NOT_SERVICED', message: RENEWAL_MESSAGES.residenceNotServiced };
  }
  return null;
}

/**
 * The renewal offer's refusal: when the new LTV fits no rate band, the whole top-up the renewal
 * needs (the coins entered plus what the offer still lacks), and how much more than entered.
 */
export function renewalLtvRefusal(
  result: TOfferResult,
  collateralType: string,
  enteredTopUp: string = '0',
): TRenewalRefusal | null {
  if (result.eligible) return null;
  const needed = result.additionalCoinQuantityNeeded;
  if (needed === undefined) {
    return { code: 'AMOUNT_OUT_OF_LIMITS', message: RENEWAL_MESSAGES.amountOutOfLimits };
  }
  const entered = toCoinQuantity(enteredTopUp);
  const more = coinQuantityString(toCoinQuantity(needed));
  return {
    code: 'LTV_TOO_HIGH',
    message: RENEWAL_MESSAGES.ltvTooHigh(
      coinQuantityString(entered.plus(toCoinQuantity(more))),
      collateralType,
      entered.isZero() ? undefined : more,
    ),
  };
}

/** The renewal offer page's warnings (document 1 §5), in the product's words. */
export const RENEWAL_WARNINGS = {
  lowLtv:
    'This collateral amount is higher than what other borrowers typically pledge for similar sized loans.',
  aboveBand:
    'Additional collateral is required to be eligible for an offer at the current cash to borrow amount.',
} as const;

/**
 * Which warnings the renewal offer shows: the low-LTV one when the offer's initial LTV is under
 * RENEWAL_LOW_LTV_WARNING_PCT, the other when the cash is above what any band allows (no offer).
 */
export function renewalWarnings(input: {
  offerLtvPct: number | null;
  isAboveBand: boolean;
}): string[] {
  const warnings: string[] = [];
  if (input.offerLtvPct !== null && input.offerLtvPct < RENEWAL_LOW_LTV_WARNING_PCT) {
    warnings.push(RENEWAL_WARNINGS.lowLtv);
  }
  if (input.isAboveBand) warnings.push(RENEWAL_WARNINGS.aboveBand);
  return warnings;
}

/**
 * Whether a renewal's accepted terms still hold when it is committed (accepted, signed, completed):
 * re-priced at the current stored price on the balance of that day, the offer must still exist and
 * keep its rate tier (the LTV band, hence the rate); the top-up is fixed once accepted. A renewal
 * never completes past its loan's maturity date. Null when it may go on; the refusal otherwise.
 */
export function renewalCommitRefusal(input: {
  acceptedTierId: string;
  repriced: TOfferResult;
  collateralType: string;
  maturityDate: string;
  now: Date;
}): TRenewalRefusal | null {
  if (renewalWindowPosition(input.maturityDate, input.now) === 'AFTER') {
    return { code: 'MATURED', message: RENEWAL_MESSAGES.matured };
  }
  if (!input.repriced.eligible || input.repriced.offer.tierId !== input.acceptedTierId) {
    return { code: 'RENEWAL_REPRICED', message: RENEWAL_MESSAGES.repriced(input.collateralType) };
  }
  return null;
}

/**
 * The invariant of a completed renewal: what the borrower owes from its first day (the balance
 * carried with the renewal's origination fee, `amountCents`, the figure its offer's LTV is on)
 * against its collateral at the price it completed at is within the maximum initial LTV of its
 * tier (never above the product's limit).
 */
export function isRenewalWithinLtvLimits(input: {
  amountCents: number;
  coinQuantity: string;
  priceCents: number;
  tierId: string;
}): boolean {
  const tier = rateTierById(input.tierId);
  if (tier === null) return false;
  const ltv = ltvPct(input.amountCents, toCoinQuantity(input.coinQuantity), input.priceCents);
  return ltv.lte(tier.maxInitialLtvPct);
}

/**
 * The same check on a renewal's offer terms as computed (the completion's re-priced offer): on the
 * loan's amount, the draw with its fee, as the offer counted it; never on the draw alone.
 */
export function isRenewalOfferWithinLtvLimits(
  terms: Pick<TOfferTerms, 'amountCents' | 'collateralUnits' | 'tierId'>,
  priceCents: number,
): boolean {
  return isRenewalWithinLtvLimits({
    amountCents: terms.amountCents,
    coinQuantity: terms.collateralUnits,
    priceCents,
    tierId: terms.tierId,
  });
}
