/**
 * Annual percentage rate by the actuarial method of Regulation Z, Appendix J, with a month as the
 * unit period. Every payment falls a whole number of months after the advance, so the general
 * equation reduces to: amount financed = Σ payment_k ÷ (1 + i)^t_k, and APR = 12 × i.
 */
import { DomainError } from './errors.js';
import { Decimal, mulDivCents } from './money.js';

export type TScheduledPayment = {
  amountCents: number;
  /** Whole months from the advance to this payment. */
  periodMonths: number;
};

const MONTHS_PER_YEAR = 12;
const SOLVER_TOLERANCE = new Decimal('1e-12');
const SOLVER_MAX_ITERATIONS = 100;
const APR_DECIMALS = 3;

/** A month's interest: amount × annual rate ÷ 12, half-up to the cent (months are equal twelfths). */
export function monthlyInterestCents(amountCents: number, rateBps: number): number {
  return mulDivCents(amountCents, rateBps, 10000 * MONTHS_PER_YEAR);
}

/** An interest-only loan's payments: each month's interest, and with the last one the principal. */
export function interestOnlyPayments(
  amountCents: number,
  rateBps: number,
  termMonths: number,
): TScheduledPayment[] {
  if (!Number.isSafeInteger(termMonths) || termMonths < 1) {
    throw new DomainError('INVALID_TERM', 'A term is a positive whole number of months');
  }
  const interestCents = monthlyInterestCents(amountCents, rateBps);
  return Array.from({ length: termMonths }, (_, index) => ({
    amountCents: index === termMonths - 1 ? interestCents + amountCents : interestCents,
    periodMonths: index + 1,
  }));
}

function validate(amountFinancedCents: number, payments: readonly TScheduledPayment[]): void {
  if (!Number.isSafeInteger(amountFinancedCents) || amountFinancedCents <= 0) {
    throw new DomainError(
      'INVALID_AMOUNT',
      'The amount financed must be a positive number of cents',
    );
  }
  if (payments.length === 0) {
    throw new DomainError('INVALID_PAYMENTS', 'An APR needs at least one payment');
  }
  for (const payment of payments) {
    if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents < 0) {
      throw new DomainError('INVALID_PAYMENTS', 'Payments are non-negative whole numbers of cents');
    }
    if (!Number.isSafeInteger(payment.periodMonths) || payment.periodMonths < 1) {
      throw new DomainError(
        'INVALID_PAYMENTS',
        'Payments fall a whole number of months after the advance',
      );
    }
  }
  if (payments.every((payment) => payment.amountCents === 0)) {
    throw new DomainError('INVALID_PAYMENTS', 'An APR needs at least one payment above zero');
  }
}

/** Discount factors (1 + i)^-t for t = 0..maxPeriod, by repeated multiplication. */
function discountFactors(unitPeriodRate: Decimal, maxPeriod: number): Decimal[] {
  const perPeriod = new Decimal(1).div(unitPeriodRate.plus(1));
  const factors = [new Decimal(1)];
  let factor = new Decimal(1);
  for (let period = 1; period <= maxPeriod; period += 1) {
    factor = factor.times(perPeriod);
    factors.push(factor);
  }
  return factors;
}

function maxPeriodOf(payments: readonly TScheduledPayment[]): number {
  return payments.reduce((max, payment) => Math.max(max, payment.periodMonths), 0);
}

/** Present value, in cents, of the payments discounted at the unit-period (monthly) rate. */
export function presentValueCents(
  payments: readonly TScheduledPayment[],
  unitPeriodRate: Decimal,
): Decimal {
  const factors = discountFactors(unitPeriodRate, maxPeriodOf(payments));
  return payments.reduce(
    (sum, payment) => sum.plus(factors[payment.periodMonths]?.times(payment.amountCents) ?? 0),
    new Decimal(0),
  );
}

/** f(i) = Σ P·(1+i)^-t − A, the excess of the payments' value over the amount financed, and f'(i). */
function excessValue(
  amountFinanced: Decimal,
  payments: readonly TScheduledPayment[],
  maxPeriod: number,
  rate: Decimal,
): { value: Decimal; slope: Decimal } {
  const factors = discountFactors(rate, maxPeriod);
  let value = amountFinanced.negated();
  let weighted = new Decimal(0);
  for (const payment of payments) {
    const discounted = (factors[payment.periodMonths] ?? new Decimal(0)).times(payment.amountCents);
    value = value.plus(discounted);
    weighted = weighted.plus(discounted.times(payment.periodMonths));
  }
  return { value, slope: weighted.negated().div(rate.plus(1)) };
}

/**
 * The monthly rate i at which the payments' present value equals the amount financed.
 *
 * Newton's method from i = 0 first: the present value falls and is convex in i, so from the left of
 * the root the iterates climb to it without overshooting. From the right (payments worth less than
 * the amount financed: a negative rate) the first step can jump past i = -1; then bisection, which
 * cannot fail once the root is bracketed, finishes the job.
 */
export function solveUnitPeriodRate(input: {
  amountFinancedCents: number;
  payments: readonly TScheduledPayment[];
}): Decimal {
  validate(input.amountFinancedCents, input.payments);
  const amountFinanced = new Decimal(input.amountFinancedCents);
  const maxPeriod = maxPeriodOf(input.payments);
  const excess = (rate: Decimal) => excessValue(amountFinanced, input.payments, maxPeriod, rate);

  let rate = new Decimal(0);
  for (let iteration = 0; iteration < SOLVER_MAX_ITERATIONS; iteration += 1) {
    const { value, slope } = excess(rate);
    const step = value.div(slope);
    rate = rate.minus(step);
    if (rate.lte(-1)) break;
    if (step.abs().lt(SOLVER_TOLERANCE)) return rate;
  }
  return bisect((candidate) => excess(candidate).value);
}

/** Root of a function that falls from +∞ near i = -1 to a negative value as i grows. */
function bisect(excess: (rate: Decimal) => Decimal): Decimal {
  let low = new Decimal(0);
  let high = new Decimal(0);
  if (excess(low).gt(0)) {
    high = new Decimal(1);
    while (excess(high).gt(0)) high = high.times(2);
  } else {
    low = new Decimal(-0.5);
    while (excess(low).lt(0)) low = low.minus(1).div(2);
  }
  while (high.minus(low).gt(SOLVER_TOLERANCE)) {
    const middle = low.plus(high).div(2);
    if (excess(middle).gt(0)) low = middle;
    else high = middle;
  }
  return low.plus(high).div(2);
}

/** The largest |monthly rate| the floating-point estimate is trusted with (±100,000% a month). */
const ESTIMATE_MAX_RATE = 1000;
const ESTIMATE_STEP_TOLERANCE = 1e-14;
const ESTIMATE_MAX_ITERATIONS = 60;
/** APR in thousandths of a percent per unit of the monthly rate: 12 months × 100% × 1,000. */
const APR_THOUSANDTHS_PER_RATE = MONTHS_PER_YEAR * 100 * 10 ** APR_DECIMALS;
/**
 * How far, in thousandths of a percent, the estimated APR must lie from a rounding tie (…x.5) for
 * its rounding to be the exact solver's. The estimate is within about 1e-15 of the root (double
 * precision on sums of at most a few hundred terms), the exact solver within its 1e-12 tolerance:
 * together at most about 1.2e-6 thousandths, so 1e-4 leaves a margin of two orders of magnitude.
 */
const ROUNDING_TIE_MARGIN = 1e-4;

/**
 * The monthly rate by Newton's method in double precision, with the analytic derivative, from
 * i = 0 as solveUnitPeriodRate does; undefined when it does not settle on a root (a step past
 * i = -1, a rate out of range, no convergence), for the exact solver to answer.
 */
function estimateUnitPeriodRate(
  amountFinancedCents: number,
  payments: readonly TScheduledPayment[],
  maxPeriod: number,
): number | undefined {
  const factors = new Float64Array(maxPeriod + 1);
  let rate = 0;
  for (let iteration = 0; iteration < ESTIMATE_MAX_ITERATIONS; iteration += 1) {
    const perPeriod = 1 / (1 + rate);
    factors[0] = 1;
    for (let period = 1; period <= maxPeriod; period += 1) {
      factors[period] = (factors[period - 1] ?? 0) * perPeriod;
    }
    let value = -amountFinancedCents;
    let weighted = 0;
    for (const payment of payments) {
      const discounted = (factors[payment.periodMonths] ?? 0) * payment.amountCents;
      value += discounted;
      weighted += discounted * payment.periodMonths;
    }
    const step = value / (-weighted * perPeriod);
    rate -= step;
    if (!Number.isFinite(rate) || rate <= -1 || Math.abs(rate) > ESTIMATE_MAX_RATE) {
      return undefined;
    }
    if (Math.abs(step) < ESTIMATE_STEP_TOLERANCE) return rate;
  }
  return undefined;
}

/**
 * The APR in percent, rounded half-up to 3 decimals (the 8.91% tier with a 1% fee gives 9.954).
 *
 * The rounded figure is the exact (Decimal) solver's. A double-precision Newton estimate of the
 * rate, a thousand times cheaper, decides it whenever the unrounded APR lies clearly away from a
 * rounding tie, where both solvers' small errors cannot round differently; near a tie, and
 * whenever the estimate does not settle, the exact solver answers.
 */
export function annualPercentageRate(input: {
  amountFinancedCents: number;
  payments: readonly TScheduledPayment[];
}): Decimal {
  validate(input.amountFinancedCents, input.payments);
  const estimate = estimateUnitPeriodRate(
    input.amountFinancedCents,
    input.payments,
    maxPeriodOf(input.payments),
  );
  if (estimate !== undefined) {
    const thousandths = estimate * APR_THOUSANDTHS_PER_RATE;
    const below = Math.floor(thousandths);
    const fromTie = thousandths - below - 0.5;
    if (Math.abs(fromTie) > ROUNDING_TIE_MARGIN) {
      const rounded = fromTie > 0 ? below + 1 : below;
      return new Decimal(`${rounded}e-${APR_DECIMALS}`);
    }
  }
  return solveUnitPeriodRate(input)
    .times(MONTHS_PER_YEAR * 100)
    .toDecimalPlaces(APR_DECIMALS, Decimal.ROUND_HALF_UP);
}
