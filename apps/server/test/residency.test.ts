import { beforeAll, describe, expect, it } from 'vitest';
import type { TGetValidCountriesResponse, TGetValidStatesResponse } from '@pledge/contract';
import { DEFAULT_MIN_LOAN_USD_DOMESTIC, UNAVAILABLE_COUNTRIES } from '@pledge/domain';
import { useTestApp } from './helpers/test-app.js';

const LEAP = '/service-cryptopl-leap/insecure/api/v1';

describe('residency endpoints', () => {
  const world = useTestApp({ sandbox: true });

  describe('GET states/valid', () => {
    let states: TGetValidStatesResponse;
    beforeAll(async () => {
      const response = await world.app.inject({ method: 'GET', url: `${LEAP}/states/valid` });
      expect(response.statusCode).toBe(200);
      states = response.json();
    });

    it('lists the 50 states and DC', () => {
      expect(states).toHaveLength(51);
      expect(new Set(states.map((entry) => entry.state)).size).toBe(51);
    });

    it.each([
      ['OH', 5001],
      ['MA', 6001],
      ['HI', 250001],
      ['CA', DEFAULT_MIN_LOAN_USD_DOMESTIC],
      ['NY', DEFAULT_MIN_LOAN_USD_DOMESTIC],
    ])('gives %s a minimum loan of %i', (code, minimum) => {
      expect(states.find((entry) => entry.state === code)?.minLoanAmount).toBe(minimum);
    });

    it('marks exactly the unserviced states rateEnabled false', () => {
      const disabled = states.filter((entry) => !entry.rateEnabled).map((entry) => entry.state);
      expect(disabled.sort()).toEqual(
        ['ID', 'IL', 'KY', 'MD', 'MS', 'SD', 'TX', 'VT', 'VA', 'DC'].sort(),
      );
    });

    it('answers with a trailing slash too', async () => {
      const response = await world.app.inject({ method: 'GET', url: `${LEAP}/states/valid/` });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('GET countries/valid', () => {
    let countries: TGetValidCountriesResponse;
    beforeAll(async () => {
      const response = await world.app.inject({ method: 'GET', url: `${LEAP}/countries/valid` });
      expect(response.statusCode).toBe(200);
      countries = response.json();
    });

    it('lists countries sorted by name, without the US', () => {
      const names = countries.map((country) => country.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
      expect(countries.some((country) => country.code === 'US')).toBe(false);
      expect(countries.length).toBeGreaterThan(50);
    });

    it('never enables an unavailable country', () => {
      for (const { code } of UNAVAILABLE_COUNTRIES) {
        expect(countries.find((country) => country.code === code)?.enabled).toBe(false);
      }
    });

    it('enables some countries', () => {
      expect(countries.filter((country) => country.enabled).length).toBeGreaterThan(0);
    });
  });
});
