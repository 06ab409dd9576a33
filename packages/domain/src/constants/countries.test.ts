import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  NOT_ENABLED_COUNTRY_CODES,
  UNAVAILABLE_COUNTRIES,
  UNAVAILABLE_COUNTRY_NAMES,
} from './countries.js';

const FOOTER_LIST =
  'Cuba, Iran, North Korea, Russia, Syria, Venezuela, Ukraine, Afghanistan, Albania, Belarus, ' +
  'Central African Republic, Congo, Ethiopia, Haiti, Iraq, Lebanon, Libya, Mali, Myanmar, ' +
  'Nicaragua, Nigeria, Pakistan, Palestine, Somalia, South Sudan, Yemen, Zimbabwe';

describe('UNAVAILABLE_COUNTRY_NAMES', () => {
  it('is the footer list of document 2 §9, in its order', () => {
    expect(UNAVAILABLE_COUNTRY_NAMES).toEqual(FOOTER_LIST.split(', '));
  });

  it.each([
    ['Cuba', 'CU'],
    ['Iran', 'IR'],
    ['North Korea', 'KP'],
    ['Russia', 'RU'],
    ['Syria', 'SY'],
    ['Congo', 'CG'],
    ['Myanmar', 'MM'],
    ['Palestine', 'PS'],
    ['South Sudan', 'SS'],
    ['Zimbabwe', 'ZW'],
  ])('%s has the ISO code %s', (name, code) => {
    expect(UNAVAILABLE_COUNTRIES.find((country) => country.name === name)?.code).toBe(code);
  });
});

describe('COUNTRIES', () => {
  it('is a list of distinct ISO alpha-2 codes without the US', () => {
    const codes = COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(codes).not.toContain('US');
    for (const territory of ['PR', 'GU', 'VI', 'AS', 'MP', 'UM'])
      expect(codes).not.toContain(territory);
  });

  it('covers the borrower countries that matter, enabled', () => {
    const enabled = COUNTRIES.filter((country) => country.enabled);
    expect(enabled.length).toBeGreaterThanOrEqual(60);
    for (const code of ['CA', 'GB', 'DE', 'FR', 'MX', 'BR', 'JP', 'SG', 'AU', 'AE', 'CH', 'IN']) {
      expect(enabled.map((country) => country.code)).toContain(code);
    }
  });

  it('holds every unavailable country under the footer name, never enabled', () => {
    for (const unavailable of UNAVAILABLE_COUNTRIES) {
      expect(COUNTRIES).toContainEqual({ ...unavailable, enabled: false });
    }
  });

  it('enables exactly the countries not refused', () => {
    for (const country of COUNTRIES) {
      expect(country.enabled).toBe(!NOT_ENABLED_COUNTRY_CODES.includes(country.code));
    }
    expect(COUNTRIES.find((country) => country.code === 'CD')?.enabled).toBe(false);
  });

  it('is sorted by name', () => {
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });
});
