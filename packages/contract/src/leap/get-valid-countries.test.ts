import { describe, expect, it } from 'vitest';
import { getValidCountries, ZGetValidCountriesResponse } from './get-valid-countries.js';

describe('getValidCountries', () => {
  it('is the public GET of DESIGN §4', () => {
    expect(getValidCountries).toMatchObject({
      method: 'GET',
      path: '/service-cryptopl-leap/insecure/api/v1/countries/valid',
      auth: 'none',
    });
  });

  it('accepts countries with code, name and enabled', () => {
    const answer = [
      { code: 'DE', name: 'Germany', enabled: true },
      { code: 'CU', name: 'Cuba', enabled: false },
    ];
    expect(ZGetValidCountriesResponse.parse(answer)).toEqual(answer);
  });

  it.each([
    [{ code: 'DEU', name: 'Germany', enabled: true }],
    [{ code: 'DE', name: '', enabled: true }],
    [{ code: 'DE', name: 'Germany', enabled: 'yes' }],
  ])('refuses %j', (entry) => {
    expect(ZGetValidCountriesResponse.safeParse([entry]).success).toBe(false);
  });
});
