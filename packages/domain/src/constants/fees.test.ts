import { describe, expect, it } from 'vitest';
import {
  LIQUIDATION_PROCESSING_FEE_BPS,
  NO_ORIGINATION_FEE_STATES,
  ORIGINATION_FEE_BPS_BY_STATE,
  ORIGINATION_FEE_DOMESTIC_BPS,
  ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE,
  ORIGINATION_FEE_INTERNATIONAL_BPS,
  UNSIGNED_DOCUMENTS_FEE_CENTS,
} from './fees.js';
import { US_STATE_CODES } from './states.js';

describe('fee constants (document 1 §9)', () => {
  it.each([
    ['ORIGINATION_FEE_DOMESTIC_BPS', ORIGINATION_FEE_DOMESTIC_BPS, 100],
    ['ORIGINATION_FEE_INTERNATIONAL_BPS', ORIGINATION_FEE_INTERNATIONAL_BPS, 150],
    ['LIQUIDATION_PROCESSING_FEE_BPS', LIQUIDATION_PROCESSING_FEE_BPS, 200],
    ['UNSIGNED_DOCUMENTS_FEE_CENTS', UNSIGNED_DOCUMENTS_FEE_CENTS, 10000],
  ])('%s = %i', (_name, value, expected) => {
    expect(value).toBe(expected);
  });

  it('waives the fee in AL, KS, MN, NC and WI', () => {
    expect(NO_ORIGINATION_FEE_STATES).toEqual(['AL', 'KS', 'MN', 'NC', 'WI']);
  });

  it.each([
    ['IA', 3000],
    ['IN', 20000],
    ['MI', 40000],
    ['MO', 10000],
    ['OH', 25000],
  ] as const)('%s has a flat minimum of %i cents', (state, cents) => {
    expect(ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE[state]).toBe(cents);
  });

  it('has the flat-minimum and percentage exceptions only for the states the spec names', () => {
    expect(Object.keys(ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE).sort()).toEqual([
      'IA',
      'IN',
      'MI',
      'MO',
      'OH',
    ]);
    expect(ORIGINATION_FEE_BPS_BY_STATE).toEqual({ NY: 85 });
  });

  it('names only real states, each in one exception list at most', () => {
    const exceptions = [
      ...NO_ORIGINATION_FEE_STATES,
      ...Object.keys(ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE),
      ...Object.keys(ORIGINATION_FEE_BPS_BY_STATE),
    ];
    for (const code of exceptions) expect(US_STATE_CODES).toContain(code);
    expect(new Set(exceptions).size).toBe(exceptions.length);
  });
});
