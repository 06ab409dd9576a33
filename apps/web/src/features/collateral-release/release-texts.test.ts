import { describe, expect, it } from 'vitest';
import { formatReleaseDate, holdText, RETURN_TIMING_TEXT } from './release-texts.js';

describe('release timing (document 1 §9)', () => {
  it('returns the collateral within 1 business day of the return address', () => {
    expect(RETURN_TIMING_TEXT).toBe(
      'We return your collateral within 1 business day of receiving your return address.',
    );
  });

  it('states both holds when the payoff is not recorded', () => {
    expect(holdText(undefined)).toBe(
      'After a payoff by ACH we hold the crypto for 3 weeks; after a wire, 3 days.',
    );
  });

  it.each([
    ['ACH', '2025-03-22T10:00:00.000Z', 'an ACH payoff we hold the crypto for 3 weeks', 'by ACH'],
    ['WIRE', '2025-03-04T10:00:00.000Z', 'a wire payoff we hold the crypto for 3 days', 'by wire'],
  ] as const)('states the %s hold of the loan', (method, heldUntil, hold, by) => {
    const paidOffAt = '2025-03-01T10:00:00.000Z';
    expect(holdText({ method, paidOffAt, heldUntil })).toBe(
      `Your loan was paid off ${by} on ${formatReleaseDate(paidOffAt)}. After ${hold}, until ${formatReleaseDate(heldUntil)}.`,
    );
  });
});
