import { describe, expect, it } from 'vitest';
import { STATE_MIN_LOAN_USD, UNSERVICED_STATE_CODES, US_STATE_CODES, US_STATES } from './states.js';

describe('US_STATES', () => {
  it('holds the 50 states and DC, each code once', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATE_CODES).size).toBe(51);
    expect(US_STATE_CODES).toContain('DC');
    for (const { code, name } of US_STATES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name.length).toBeGreaterThan(3);
    }
  });

  it('is sorted by name', () => {
    const names = US_STATES.map((entry) => entry.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each([
    ['CA', 'California'],
    ['DC', 'District of Columbia'],
    ['NY', 'New York'],
    ['WV', 'West Virginia'],
  ])('%s is %s', (code, name) => {
    expect(US_STATES.find((entry) => entry.code === code)?.name).toBe(name);
  });
});

describe('UNSERVICED_STATE_CODES', () => {
  it('is exactly the spec list', () => {
    expect(UNSERVICED_STATE_CODES.join(' ')).toBe('ID IL KY MD MS SD TX VT VA DC');
  });
});

describe('STATE_MIN_LOAN_USD', () => {
  it.each([
    ['OH', 5001],
    ['MA', 6001],
    ['AZ', 10001],
    ['NH', 10001],
    ['NM', 10001],
    ['AK', 25001],
    ['KS', 25001],
    ['WI', 25001],
    ['CT', 50001],
    ['NJ', 50001],
    ['PA', 50001],
    ['OK', 60001],
    ['UT', 61001],
    ['IA', 69501],
    ['ME', 69501],
    ['WY', 75001],
    ['MN', 100001],
    ['HI', 250001],
  ] as const)('%s: $%i', (state, usd) => {
    expect(STATE_MIN_LOAN_USD[state]).toBe(usd);
  });

  it('names no other state', () => {
    expect(Object.keys(STATE_MIN_LOAN_USD)).toHaveLength(18);
    for (const state of ['CA', 'NY', 'FL', 'TX', 'DC'] as const) {
      expect(STATE_MIN_LOAN_USD[state]).toBeUndefined();
    }
  });
});
