import { describe, expect, it } from 'vitest';
import { formatPct } from '../money.js';
import * as display from './display.js';
import * as domain from '../index.js';

describe('display constants (document 2 §9)', () => {
  it.each([['RATE_DISPLAY_DECIMALS', 3]] as const)('%s = %i', (name, expected) => {
    expect(display[name]).toBe(expected);
    expect(domain[name]).toBe(expected);
  });

  it.each([
    [8.91, '8.910%'],
    ['11.5', '11.500%'],
    [9.4567, '9.457%'],
  ])('shows the rate %s as %s', (pct, shown) => {
    expect(formatPct(pct, display.RATE_DISPLAY_DECIMALS)).toBe(shown);
  });
});
