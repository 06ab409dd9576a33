import { describe, expect, it } from 'vitest';
import { maturityDateOf } from './list-loan-statuses.js';

describe('maturityDateOf', () => {
  it.each([
    ['2026-03-15T10:00:00Z', 12, '2027-03-15'],
    ['2026-01-31T23:59:59Z', 1, '2026-02-28'],
    ['2027-01-31T00:00:00Z', 13, '2028-02-29'],
    ['2026-12-01T00:00:00Z', 12, '2027-12-01'],
  ])('a loan funded at %s for %i months matures on %s', (fundedAt, months, expected) => {
    expect(maturityDateOf(new Date(fundedAt), months)).toBe(expected);
  });
});
