import { describe, expect, it } from 'vitest';
import type { TResidence } from './residence.js';
import { btcOfferAt60k, country, state } from './test-support/offer.js';
import {
  paymentScheduleSummary,
  totalCostSentence,
  truthInLending,
  truthInLendingValues,
} from './truth-in-lending.js';

/** Half-up division of positive whole numbers, written here, not taken from the product. */
const divHalfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));
const usd = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The oracle's cases: a draw, where the borrower lives, and the fee and rate (bps) the price sheet
 * gives them (document 1 §9: Ohio's $250 minimum, New York's 0.85 %, Alabama's none, 1.5 % abroad;
 * the 8.91 % tier up to 50 % LTV).
 */
const CASES: [string, number, TResidence, number][] = [
  ['Ohio, $20,000: the $250 minimum fee', 2_000_000, state('OH'), 25_000],
  ['New York, $30,000: 0.85 %', 3_000_000, state('NY'), 25_500],
  ['Alabama, $15,000: no fee', 1_500_000, state('AL'), 0],
  ['United Kingdom, $20,000: 1.5 %', 2_000_000, country('GB'), 30_000],
];

describe('truthInLending', () => {
  it.each(CASES)('%s', (_name, drawCents, residence, feeCents) => {
    const offer = btcOfferAt60k(drawCents, '2', residence);
    const figures = truthInLending(offer);

    const amountCents = drawCents + feeCents;
    const interest = divHalfUp(amountCents * 891, 10_000 * 12);
    const total = 12 * interest + amountCents;
    expect(figures).toMatchObject({
      amountFinancedCents: drawCents,
      prepaidFinanceChargeCents: feeCents,
      totalOfPaymentsCents: total,
      financeChargeCents: total - drawCents,
      interestCents: 12 * interest,
      termMonths: 12,
    });
    // The product's stored figures and the box agree.
    expect(figures.financeChargeCents).toBe(offer.financeChargeCents);
    expect(figures.totalOfPaymentsCents).toBe(offer.totalOfPaymentsCents);
    expect(truthInLendingValues(figures)).toEqual({
      apr: `${offer.annualPercentageRatePct}%`,
      financeCharge: usd(total - drawCents),
      amountFinanced: usd(drawCents),
      totalOfPayments: usd(total),
    });
    expect(paymentScheduleSummary(figures.paymentRuns)).toBe(
      `11 monthly payments of ${usd(interest)} (months 1 to 11), then 1 payment of ${usd(interest + amountCents)} (month 12)`,
    );
    expect(totalCostSentence(figures)).toBe(
      `You receive ${usd(drawCents)} and pay back ${usd(total)} over 12 months: ${usd(total - drawCents)} of interest and fees, ${
        feeCents === 0
          ? 'with no origination fee'
          : `of which ${usd(feeCents)} is the origination fee`
      }.`,
    );
  });

  it('shows a fee-free loan’s APR as its rate, and a fee’s APR above it', () => {
    const offer = (residence: TResidence) =>
      truthInLending(btcOfferAt60k(1_500_000, '2', residence));
    // No fee: the APR of monthly interest-only payments is the note rate, to 3 decimals.
    expect(offer(state('AL')).annualPercentageRatePct).toBe('8.910');
    expect(Number(offer(state('OH')).annualPercentageRatePct)).toBeGreaterThan(8.91);
  });
});
