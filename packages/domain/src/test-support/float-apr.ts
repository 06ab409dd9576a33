import { expect } from 'vitest';
import type { TScheduledPayment } from '../apr.js';

/** Present value at `annualPct` a year, in plain floating point, written apart from the product. */
export function floatPresentValue(
  payments: readonly TScheduledPayment[],
  annualPct: number,
): number {
  const monthly = annualPct / 1200;
  return payments.reduce(
    (sum, payment) => sum + payment.amountCents / (1 + monthly) ** payment.periodMonths,
    0,
  );
}

/** Independent APR: bisection in floating point on the annual percentage. */
export function floatApr(
  amountFinancedCents: number,
  payments: readonly TScheduledPayment[],
): number {
  let low = -50;
  let high = 500;
  for (let step = 0; step < 200; step += 1) {
    const middle = (low + high) / 2;
    if (floatPresentValue(payments, middle) > amountFinancedCents) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * Checks that the amount financed lies between the payments' present values at the edges of the
 * APR's rounding interval (±0.0005 %), so that `aprPct` is the correctly rounded actuarial rate.
 */
export function expectCorrectlyRoundedApr(
  payments: readonly TScheduledPayment[],
  aprPct: number,
  amountFinancedCents: number,
): void {
  expect(floatPresentValue(payments, aprPct - 0.0005)).toBeGreaterThanOrEqual(amountFinancedCents);
  expect(floatPresentValue(payments, aprPct + 0.0005)).toBeLessThanOrEqual(amountFinancedCents);
}
