/**
 * Servicing rules of a funded loan (document 1 §1, §9; DESIGN §5): interest, the monthly cycle and
 * schedule, deferral, the payoff quote and maturity.
 *
 * Day count: 30/360. The disclosures promise equal monthly interest payments of amount × rate ÷ 12
 * (apr.ts), which is 30/360: every period is 30 days of a 360-day year, so a period's daily accruals
 * add up to exactly the payment the Truth in Lending schedule states.
 *
 * Interest accrues daily on the day's interest-bearing balance (issue 33): a period is cut into
 * segments at every change of that balance (a payment to the capitalised fee or principal, a wire,
 * a liquidation's sale, a deferral capitalised, a reversal). A change dated day D takes effect from
 * D: the old balance bears the interest of the days before D, the new one from D on (the accrual
 * that runs on D + 1 is the first on the new balance).
 *
 * Rounding: ONE rule, `periodInterestToDateCents` (half-up to the cent): each segment's interest is
 * rounded once, and a period's interest to a day is the sum of its closed segments' interest plus
 * the running segment's interest to that day (`interestToDateCents`). Each day's accrual is the
 * difference of two such figures, so the days of a period sum to the period's interest and no
 * rounding error builds up. A period without a change of balance is one segment: its interest is
 * the rounded period interest the disclosures state. The set-based accrual sweep and the ledger's
 * trigger compute the same in SQL (servicing_interest_cents: `round(base * rate_bps * days /
 * 3600000)`, PostgreSQL's numeric round is half away from zero, which is half-up for these
 * non-negative amounts); the accrual oracle test holds the ledger to an independent computation.
 */
import { LOAN_TERM_MONTHS, type TRateTier } from './constants/rates.js';
import { DomainError } from './errors.js';
import type { TBalances } from './ledger.js';
import { interestBearingCents } from './ledger.js';
import { ltvPct } from './ltv.js';
import { Decimal, mulDivCents, toCoinQuantity } from './money.js';
import { addMonthsUtc, renewalWindowPosition } from './renewal.js';
import {
  MATURED_COLLECTION_NOTICE_DAYS,
  MATURITY_REMINDER_DAYS,
  PAYMENT_DUE_DAYS_AFTER_STATEMENT,
  PAYOFF_QUOTE_VALID_HOURS,
  type TMaturityOption,
} from './servicing-terms.js';

export const DAYS_PER_PERIOD_30_360 = 30;
export const DAYS_PER_YEAR_30_360 = 360;
const BPS_PER_UNIT = 10000;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a Date, UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDay(day: string): Date {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) throw new DomainError('INVALID_DATE', `Not a date: ${day}`);
  return parsed;
}

export function addDays(day: string, days: number): string {
  return isoDay(new Date(parseDay(day).getTime() + days * MS_PER_DAY));
}

/** Whole calendar days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / MS_PER_DAY);
}

/** Days from `start` to `end` by the 30/360 (bond basis) convention. */
export function days360(start: string, end: string): number {
  const a = parseDay(start);
  const b = parseDay(end);
  const d1 = Math.min(a.getUTCDate(), 30);
  const d2 = b.getUTCDate() === 31 && d1 === 30 ? 30 : b.getUTCDate();
  return (
    360 * (b.getUTCFullYear() - a.getUTCFullYear()) +
    30 * (b.getUTCMonth() - a.getUTCMonth()) +
    (Math.min(d2, 30) - d1)
  );
}

/**
 * Days of a period's interest accrued by `asOf`: 30 from the cycle date on, before it the 30/360
 * days from the period's start, kept within 0..29 (short months never reach 30 early).
 */
export function accrualDays(period: { start: string; end: string }, asOf: string): number {
  if (asOf >= period.end) return DAYS_PER_PERIOD_30_360;
  if (asOf <= period.start) return 0;
  return Math.min(Math.max(days360(period.start, asOf), 0), DAYS_PER_PERIOD_30_360 - 1);
}

/** THE rounding of interest: a period's interest for `days` days (30/360), half-up to the cent. */
export function periodInterestToDateCents(
  baseCents: number,
  interestRateBps: number,
  days: number,
): number {
  return mulDivCents(baseCents, interestRateBps * days, BPS_PER_UNIT * DAYS_PER_YEAR_30_360);
}

/**
 * The running segment of a period: since `start` (the day the interest-bearing balance last
 * changed, or the period's start) the balance is `baseCents`, and the period's interest before
 * `start` is `accruedCents`.
 */
export type TAccrualSegment = { start: string; baseCents: number; accruedCents: number };

/**
 * A loan's running interest period: its days, its opening balance (`baseCents`), the interest in
 * the ledger so far (`accruedCents`) and its running segment (null: the period's own, from its
 * start on the opening balance).
 */
export type TAccrualPeriod = {
  start: string;
  end: string;
  baseCents: number;
  accruedCents: number;
  segment?: TAccrualSegment | null;
};

/** The running segment, the period's own when it has none. */
export function runningSegment(period: TAccrualPeriod): TAccrualSegment {
  return period.segment ?? { start: period.start, baseCents: period.baseCents, accruedCents: 0 };
}

/**
 * The period of a servicing row (servicing_loans): the segment is the row's when it belongs to the
 * running period, else the period's own (a row written, or a period rolled over, by a release
 * before segments: it accrues on the opening balance, as that release did).
 */
export function accrualPeriodOf(row: {
  periodNumber: number;
  periodStart: string;
  periodEnd: string;
  periodBaseCents: number;
  periodAccruedCents: number;
  segmentPeriodNumber: number | null;
  segmentStart: string | null;
  segmentBaseCents: number | null;
  segmentAccruedCents: number | null;
}): TAccrualPeriod {
  const hasSegment =
    row.segmentPeriodNumber === row.periodNumber &&
    row.segmentStart !== null &&
    row.segmentBaseCents !== null &&
    row.segmentAccruedCents !== null;
  return {
    start: row.periodStart,
    end: row.periodEnd,
    baseCents: row.periodBaseCents,
    accruedCents: row.periodAccruedCents,
    segment: hasSegment
      ? {
          start: row.segmentStart as string,
          baseCents: row.segmentBaseCents as number,
          accruedCents: row.segmentAccruedCents as number,
        }
      : null,
  };
}

/** A segment's interest from its start to `asOf` (30/360 days of the period), rounded once. */
function segmentInterestCents(
  period: TAccrualPeriod,
  segment: TAccrualSegment,
  interestRateBps: number,
  asOf: string,
): number {
  const days = Math.max(accrualDays(period, asOf) - accrualDays(period, segment.start), 0);
  return periodInterestToDateCents(segment.baseCents, interestRateBps, days);
}

/**
 * The period's interest from its start to `asOf`: the closed segments' interest plus the running
 * segment's to that day. The daily accrual, the payoff quote and the statement all use it.
 */
export function interestToDateCents(
  period: TAccrualPeriod,
  interestRateBps: number,
  asOf: string,
): number {
  const segment = runningSegment(period);
  return segment.accruedCents + segmentInterestCents(period, segment, interestRateBps, asOf);
}

/**
 * The period's whole interest if the balance does not change again before the cycle date (what
 * the next bill will be).
 */
export function projectedPeriodInterestCents(
  period: TAccrualPeriod,
  interestRateBps: number,
): number {
  return interestToDateCents(period, interestRateBps, period.end);
}

/**
 * The interest-bearing balance changes to `newBaseCents` on `day`: the running segment is closed
 * (its interest to that day rounded once and added) and the new one starts. `day` is taken no
 * earlier than the segment's start nor than `accruedThrough` (a change dated back takes effect
 * from the day already in the ledger) and no later than the cycle date. The ledger's trigger
 * (migration 0030) does exactly this in SQL for every interest-bearing entry.
 */
export function closeSegment(
  period: TAccrualPeriod,
  interestRateBps: number,
  input: {
    day: string;
    accruedThrough: string;
    newBaseCents: number;
    /**
     * A reversal: the balance it restores (`cents`) bears interest from the reversed payment's
     * day (`from`, within the period) to the day, as if the payment had not been made.
     */
    restored?: { from: string; cents: number };
  },
): TAccrualSegment {
  const segment = runningSegment(period);
  const latest = [segment.start, input.accruedThrough].reduce(
    (max, candidate) => (candidate > max ? candidate : max),
    input.day,
  );
  const day = latest > period.end ? period.end : latest;
  const restored = input.restored;
  const restoredCents =
    restored === undefined || restored.cents <= 0 || restored.from >= day
      ? 0
      : segmentInterestCents(
          period,
          {
            start: restored.from > period.start ? restored.from : period.start,
            baseCents: restored.cents,
            accruedCents: 0,
          },
          interestRateBps,
          day,
        );
  return {
    start: day,
    baseCents: input.newBaseCents,
    accruedCents:
      segment.accruedCents +
      segmentInterestCents(period, segment, interestRateBps, day) +
      restoredCents,
  };
}

/** The cycle (statement) date closing period n: the funding date plus n months. */
export function cycleDate(fundedOn: string, periodNumber: number): string {
  return isoDay(addMonthsUtc(parseDay(fundedOn), periodNumber));
}

/** The due date of period n's payment: 14 days after its statement; the last is due at maturity. */
export function paymentDueDate(
  fundedOn: string,
  periodNumber: number,
  termMonths: number = LOAN_TERM_MONTHS,
): string {
  const cycle = cycleDate(fundedOn, periodNumber);
  return periodNumber >= termMonths ? cycle : addDays(cycle, PAYMENT_DUE_DAYS_AFTER_STATEMENT);
}

export type TServicingScheduleRow = {
  number: number;
  cycleDate: string;
  dueDate: string;
  interestCents: number;
  principalCents: number;
  amountCents: number;
};

/**
 * The schedule the ledger produces for an interest-bearing balance held all term: each month a
 * full period's interest, the last month with the balance. This is what the disclosures' Truth in
 * Lending schedule states.
 */
export function servicingSchedule(input: {
  balanceCents: number;
  interestRateBps: number;
  fundedOn: string;
  termMonths?: number;
}): TServicingScheduleRow[] {
  const term = input.termMonths ?? LOAN_TERM_MONTHS;
  const interestCents = periodInterestToDateCents(
    input.balanceCents,
    input.interestRateBps,
    DAYS_PER_PERIOD_30_360,
  );
  return Array.from({ length: term }, (_, index) => {
    const number = index + 1;
    const principalCents = number === term ? input.balanceCents : 0;
    return {
      number,
      cycleDate: cycleDate(input.fundedOn, number),
      dueDate: paymentDueDate(input.fundedOn, number, term),
      interestCents,
      principalCents,
      amountCents: interestCents + principalCents,
    };
  });
}

/** The LTV a balance gives on the collateral at a price, percent, 2 decimals half-up. */
export function balanceLtvPct(
  balanceCents: number,
  coinQuantity: string,
  priceCents: number,
): number {
  return Number(
    ltvPct(balanceCents, toCoinQuantity(coinQuantity), priceCents).toFixed(
      2,
      Decimal.ROUND_HALF_UP,
    ),
  );
}

export const DEFERRAL_MESSAGES = {
  notActive: 'Only an active loan can defer interest.',
  nothingDue: 'There is no interest due to defer.',
  alreadyDeferred: 'This month’s interest has already been deferred.',
  lastMonth: 'The interest of the last month cannot be deferred; it is due at maturity.',
  noPrice: 'The collateral’s price is unavailable right now, so the new LTV cannot be shown.',
  marginCall: (newLtvPct: number, marginCallLtvPct: number) =>
    `Deferring would raise your LTV to ${newLtvPct.toFixed(2)}%, at or above the margin call level of ${marginCallLtvPct}%, so it cannot be deferred. Make a payment instead.`,
} as const;

export type TDeferralPreviewFacts = {
  interestCents: number;
  /** The interest-bearing balance with the deferred interest capitalised into it. */
  newBalanceCents: number;
  newLtvPct: number;
  refusedReason: string | null;
};

/**
 * The interest billed and unpaid: what is accrued, less what the running period has accrued so
 * far (not yet billed).
 */
export function billedInterestCents(balances: TBalances, periodAccruedCents: number): number {
  return Math.max(balances.accruedInterestCents - periodAccruedCents, 0);
}

/**
 * Deferring the interest billed and unpaid: it is capitalised into the interest-bearing balance,
 * which the LTV is measured on. Refused when that would put the loan at or above its margin call
 * LTV, when nothing is billed, in the last month, or a second time in a period.
 */
export function deferralPreview(input: {
  isActive: boolean;
  balances: TBalances;
  periodAccruedCents: number;
  periodNumber: number;
  termMonths?: number;
  alreadyDeferredThisPeriod: boolean;
  coinQuantity: string;
  priceCents: number | null;
  tier: TRateTier;
}): TDeferralPreviewFacts {
  const interestCents = billedInterestCents(input.balances, input.periodAccruedCents);
  const newBalanceCents = interestBearingCents(input.balances) + interestCents;
  const newLtvPct =
    input.priceCents === null || newBalanceCents === 0
      ? 0
      : balanceLtvPct(newBalanceCents, input.coinQuantity, input.priceCents);
  const refuse = (refusedReason: string) => ({
    interestCents,
    newBalanceCents,
    newLtvPct,
    refusedReason,
  });
  if (!input.isActive) return refuse(DEFERRAL_MESSAGES.notActive);
  if (interestCents <= 0) return refuse(DEFERRAL_MESSAGES.nothingDue);
  if (input.periodNumber > (input.termMonths ?? LOAN_TERM_MONTHS)) {
    return refuse(DEFERRAL_MESSAGES.lastMonth);
  }
  if (input.alreadyDeferredThisPeriod) return refuse(DEFERRAL_MESSAGES.alreadyDeferred);
  if (input.priceCents === null) return refuse(DEFERRAL_MESSAGES.noPrice);
  if (newLtvPct >= input.tier.marginCallLtvPct) {
    return refuse(DEFERRAL_MESSAGES.marginCall(newLtvPct, input.tier.marginCallLtvPct));
  }
  return { interestCents, newBalanceCents, newLtvPct, refusedReason: null };
}

export type TPayoffQuoteFacts = {
  amountCents: number;
  principalCents: number;
  originationFeeCents: number;
  deferredInterestCents: number;
  accruedInterestCents: number;
  feesCents: number;
  payoffDate: string;
  validUntil: Date;
};

/**
 * Paying off today: every balance plus the interest of the running period up to today not yet in
 * the ledger (interestToDateCents, on the day's balance, as the accrual; no prepayment penalty). Valid until the end of the day (UTC) and at most
 * PAYOFF_QUOTE_VALID_HOURS: interest changes with the day.
 */
export function payoffQuote(input: {
  balances: TBalances;
  period: TAccrualPeriod;
  interestRateBps: number;
  now: Date;
}): TPayoffQuoteFacts {
  const payoffDate = isoDay(input.now);
  const toDate = interestToDateCents(input.period, input.interestRateBps, payoffDate);
  const notYetAccrued = Math.max(toDate - input.period.accruedCents, 0);
  const accruedInterestCents = input.balances.accruedInterestCents + notYetAccrued;
  const endOfDay = parseDay(addDays(payoffDate, 1));
  const latest = new Date(input.now.getTime() + PAYOFF_QUOTE_VALID_HOURS * 60 * 60 * 1000);
  return {
    amountCents: input.balances.totalCents + notYetAccrued,
    principalCents: input.balances.principalCents,
    originationFeeCents: input.balances.originationFeeCents,
    deferredInterestCents: input.balances.deferredInterestCents,
    accruedInterestCents,
    feesCents: input.balances.feesCents,
    payoffDate,
    validUntil: endOfDay < latest ? endOfDay : latest,
  };
}

/** The maturity reminder due on `today`, by days before maturity (30, 14, 3), if any. */
export function maturityRemindersDue(maturityDate: string, today: string): number[] {
  const daysLeft = daysBetween(today, maturityDate);
  return MATURITY_REMINDER_DAYS.filter((days) => daysLeft <= days && daysLeft > 0);
}

export function isMaturedOn(maturityDate: string, today: string): boolean {
  return today >= maturityDate;
}

/**
 * What happens to a balance not repaid at maturity (the spec says nothing; this is the policy the
 * loan agreement discloses and the collection notices repeat): it is due at once and keeps
 * accruing interest daily at the contract rate, on the unpaid balance, until it is repaid; there is
 * no default rate and no late fee; the collateral stays pledged and watched as before maturity.
 * `interestRate` is the rate as the document writes it ("8.910%").
 */
export function afterMaturityTerms(interestRate: string): string {
  return `After maturity: a balance not repaid by the maturity date is due at once and keeps accruing interest daily at the same fixed rate of ${interestRate} a year (30/360) on the unpaid balance until it is repaid. No default rate and no late fee are charged. The collateral stays pledged and monitored after maturity: margin calls and liquidation apply as before it.`;
}

/** Whole days since the maturity date (0 on it and before). */
export function daysPastMaturity(maturityDate: string, today: string): number {
  return Math.max(daysBetween(maturityDate, today), 0);
}

/**
 * The collection notice of a matured, unpaid loan due on `today`, by days after maturity (1, 10,
 * 30), or null. Each is due from its day until the next one's (the last from its day on), so a
 * sweep that did not run for some days sends the notice that applies now, never a backlog of stale
 * ones; the record of notices sent makes each go once.
 */
export function maturedCollectionNoticeDue(maturityDate: string, today: string): number | null {
  const past = daysBetween(maturityDate, today);
  let due: number | null = null;
  for (const days of MATURED_COLLECTION_NOTICE_DAYS) {
    if (past >= days) due = days;
  }
  return due;
}

/** What the borrower may do about maturity: renew while the window is open, pay off while owed. */
export function maturityOptions(input: {
  maturityDate: string;
  now: Date;
  balanceCents: number;
  isOpen: boolean;
}): TMaturityOption[] {
  if (!input.isOpen) return [];
  const options: TMaturityOption[] = [];
  if (input.balanceCents > 0) options.push('PAY_OFF');
  if (renewalWindowPosition(input.maturityDate, input.now) === 'OPEN') options.push('RENEW');
  return options;
}

/** The interest-bearing balance of a period's start, for the rollover. */
export function nextPeriodBaseCents(balances: TBalances): number {
  return interestBearingCents(balances);
}
