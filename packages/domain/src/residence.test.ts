import { describe, expect, it } from 'vitest';
import { UNAVAILABLE_COUNTRIES } from './constants/countries.js';
import { DomainError } from './errors.js';
import {
  RESIDENCE_MESSAGES,
  findCountry,
  isInternational,
  isServiced,
  isServicedState,
  isUsStateCode,
  listCountries,
  listValidStates,
  loanLimitsUsd,
  parseResidence,
  readResidence,
  selectableCountries,
  type TResidence,
} from './residence.js';

const UNSERVICED = ['ID', 'IL', 'KY', 'MD', 'MS', 'SD', 'TX', 'VT', 'VA', 'DC'];

describe('listValidStates', () => {
  const states = listValidStates();

  it('lists every state and DC, sorted by name', () => {
    expect(states).toHaveLength(51);
    const names = states.map((entry) => entry.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each([
    ['OH', 5001],
    ['MA', 6001],
    ['AZ', 10001],
    ['HI', 250001],
    ['MN', 100001],
    ['CA', 5000],
    ['NY', 5000],
    ['FL', 5000],
    ['TX', 5000],
  ])('%s: minimum $%i, maximum $2,000,000', (state, min) => {
    expect(states.find((entry) => entry.state === state)).toMatchObject({
      minLoanAmount: min,
      maxLoanAmount: 2_000_000,
    });
  });

  it('disables rates exactly in the unserviced states', () => {
    const disabled = states.filter((entry) => !entry.rateEnabled).map((entry) => entry.state);
    expect(disabled.sort()).toEqual([...UNSERVICED].sort());
  });
});

describe('countries', () => {
  it('lists every country sorted by name, enabled or not', () => {
    const countries = listCountries();
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(countries.some((country) => !country.enabled)).toBe(true);
  });

  it('offers only enabled countries, never the US, sorted by name (document 2 §5)', () => {
    const selectable = selectableCountries();
    expect(selectable.length).toBeGreaterThanOrEqual(60);
    expect(selectable.every((country) => country.enabled)).toBe(true);
    const codes = selectable.map((country) => country.code);
    expect(codes).not.toContain('US');
    for (const unavailable of UNAVAILABLE_COUNTRIES) expect(codes).not.toContain(unavailable.code);
    const names = selectable.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('finds a country by code', () => {
    expect(findCountry('GB')).toEqual({ code: 'GB', name: 'United Kingdom', enabled: true });
    expect(findCountry('RU')).toEqual({ code: 'RU', name: 'Russia', enabled: false });
    expect(findCountry('US')).toBeUndefined();
    expect(findCountry('ZZ')).toBeUndefined();
  });
});

describe('residence rules', () => {
  it.each<[string, TResidence, boolean, boolean, { min: number; max: number }]>([
    ['California', { kind: 'state', state: 'CA' }, true, false, { min: 5000, max: 2_000_000 }],
    ['Ohio', { kind: 'state', state: 'OH' }, true, false, { min: 5001, max: 2_000_000 }],
    ['Hawaii', { kind: 'state', state: 'HI' }, true, false, { min: 250001, max: 2_000_000 }],
    ['Texas', { kind: 'state', state: 'TX' }, false, false, { min: 5000, max: 2_000_000 }],
    ['DC', { kind: 'state', state: 'DC' }, false, false, { min: 5000, max: 2_000_000 }],
    ['Canada', { kind: 'country', countryCode: 'CA' }, true, true, { min: 10000, max: 2_000_000 }],
    ['Cuba', { kind: 'country', countryCode: 'CU' }, false, true, { min: 10000, max: 2_000_000 }],
    [
      'an unknown country',
      { kind: 'country', countryCode: 'ZZ' },
      false,
      true,
      { min: 10000, max: 2_000_000 },
    ],
  ])(
    '%s: serviced %s, international %s, limits %o',
    (_label, residence, serviced, international, limits) => {
      expect(isServiced(residence)).toBe(serviced);
      expect(isInternational(residence)).toBe(international);
      expect(loanLimitsUsd(residence)).toEqual(limits);
    },
  );

  it.each(UNSERVICED)('%s is not serviced', (state) => {
    expect(isServiced(parseResidence({ state }))).toBe(false);
  });

  it('services a state exactly when isServiced does, without the country list', () => {
    for (const { state } of listValidStates()) {
      expect(isServicedState(state)).toBe(isServiced({ kind: 'state', state }));
    }
  });

  it.each([
    ['CA', true],
    ['DC', true],
    ['PR', false],
    ['ca', false],
    ['', false],
  ])('isUsStateCode(%j) → %s', (code, expected) => {
    expect(isUsStateCode(code)).toBe(expected);
  });
});

describe('parseResidence', () => {
  it.each<[object, TResidence]>([
    [{ state: 'OH' }, { kind: 'state', state: 'OH' }],
    [{ state: ' oh ' }, { kind: 'state', state: 'OH' }],
    [{ state: 'TX' }, { kind: 'state', state: 'TX' }],
    [{ countryCode: 'GB' }, { kind: 'country', countryCode: 'GB' }],
    [
      { countryCode: 'gb', state: '' },
      { kind: 'country', countryCode: 'GB' },
    ],
    [
      { state: 'NY', countryCode: null },
      { kind: 'state', state: 'NY' },
    ],
    [{ countryCode: 'IR' }, { kind: 'country', countryCode: 'IR' }],
  ])('%o → %o', (input, expected) => {
    expect(parseResidence(input)).toEqual(expected);
  });

  it.each([
    ['neither', {}, { state: [RESIDENCE_MESSAGES.required] }],
    ['blanks', { state: ' ', countryCode: '' }, { state: [RESIDENCE_MESSAGES.required] }],
    [
      'both',
      { state: 'OH', countryCode: 'GB' },
      { state: [RESIDENCE_MESSAGES.bothGiven], countryCode: [RESIDENCE_MESSAGES.bothGiven] },
    ],
    ['an unknown state', { state: 'PR' }, { state: [RESIDENCE_MESSAGES.unknownState] }],
    [
      'an unknown country',
      { countryCode: 'ZZ' },
      { countryCode: [RESIDENCE_MESSAGES.unknownCountry] },
    ],
    [
      'the US as a country',
      { countryCode: 'US' },
      { countryCode: [RESIDENCE_MESSAGES.usAsCountry] },
    ],
  ])('refuses %s with INVALID_RESIDENCE', (_label, input, fieldErrors) => {
    let caught: unknown;
    try {
      parseResidence(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({ code: 'INVALID_RESIDENCE', fieldErrors });
  });

  function caughtBy(parse: () => unknown): unknown {
    try {
      parse();
    } catch (error) {
      return error;
    }
    return undefined;
  }

  it.each([{}, { state: 'OH', countryCode: 'GB' }, { state: 'PR' }, { countryCode: 'US' }])(
    'readResidence refuses %o as parseResidence does, without the country list',
    (input) => {
      const refusal = caughtBy(() => parseResidence(input));
      expect(refusal).toBeInstanceOf(DomainError);
      expect(caughtBy(() => readResidence(input))).toEqual(refusal);
    },
  );

  it('readResidence reads a state as parseResidence does and leaves countries unchecked', () => {
    expect(readResidence({ state: ' oh ' })).toEqual(parseResidence({ state: ' oh ' }));
    expect(readResidence({ countryCode: 'gb' })).toEqual({ kind: 'country', countryCode: 'GB' });
    // Only parseResidence looks a country up in the list.
    expect(readResidence({ countryCode: 'zz' })).toEqual({ kind: 'country', countryCode: 'ZZ' });
  });

  it('asks for a choice in the residency form words', () => {
    expect(RESIDENCE_MESSAGES.required).toBe('Please select an option');
  });
});
