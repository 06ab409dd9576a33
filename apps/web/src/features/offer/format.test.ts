import { describe, expect, it } from 'vitest';
import { formatDollars, formatLtv, formatRate } from './format.js';

describe('display precision (document 2 §9)', () => {
  it.each([
    [8.91, '8.910%'],
    ['11.5', '11.500%'],
    [9.8234, '9.823%'],
  ])('a rate of %s shows as %s', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });

  it.each([
    ['33.33', '33.33%'],
    ['33.333', '33.33%'],
    ['50.5', '50.5%'],
    ['50.50', '50.5%'],
    [75, '75.0%'],
    ['0.005', '0.01%'],
  ])('an LTV of %s shows as %s', (ltv, text) => {
    expect(formatLtv(ltv)).toBe(text);
  });

  it.each([
    [20000, '$20,000.00'],
    [20250.5, '$20,250.50'],
    [0.01, '$0.01'],
  ])('%s dollars show as %s', (usd, text) => {
    expect(formatDollars(usd)).toBe(text);
  });
});
