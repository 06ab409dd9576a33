import { describe, expect, it } from 'vitest';
import { RESIDENCE_MESSAGES } from '@pledge/domain';
import {
  getCryptoValues,
  ZGetCryptoValuesQuery,
  ZGetCryptoValuesResponse,
} from './get-crypto-values.js';

describe('getCryptoValues', () => {
  it('is the public GET of DESIGN §4 with a query', () => {
    expect(getCryptoValues).toMatchObject({
      method: 'GET',
      path: '/service-cryptopl-leap/insecure/api/v1/crypto-values',
      auth: 'none',
      query: ZGetCryptoValuesQuery,
    });
  });

  it.each([
    { state: 'OH' },
    { countryCode: 'DE', orgCode: 'markets' },
    { state: 'NY', orgCode: 'default' },
  ])('accepts the query %j', (query) => {
    expect(ZGetCryptoValuesQuery.parse(query)).toEqual(query);
  });

  it('needs exactly one of state and countryCode, with the domain messages', () => {
    const neither = ZGetCryptoValuesQuery.safeParse({ orgCode: 'default' });
    expect(neither.error?.issues).toEqual([
      expect.objectContaining({ path: ['state'], message: RESIDENCE_MESSAGES.required }),
    ]);
    const both = ZGetCryptoValuesQuery.safeParse({ state: 'OH', countryCode: 'DE' });
    expect(both.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['state'], RESIDENCE_MESSAGES.bothGiven],
      [['countryCode'], RESIDENCE_MESSAGES.bothGiven],
    ]);
  });

  it('refuses a malformed org code', () => {
    expect(ZGetCryptoValuesQuery.safeParse({ state: 'OH', orgCode: '../x' }).success).toBe(false);
  });

  it('accepts crypto values with their price time', () => {
    const answer = {
      cryptoValues: [
        {
          collateralType: 'BTC',
          valueOfOne: 60000,
          minCoinQuantity: '0.166667',
          priceAsOf: '2025-01-02T03:04:05.000Z',
        },
        {
          collateralType: 'ETH',
          valueOfOne: 3000.25,
          minCoinQuantity: '3.333056',
          priceAsOf: '2025-01-02T03:04:05Z',
        },
      ],
    };
    expect(ZGetCryptoValuesResponse.parse(answer)).toEqual(answer);
  });

  it.each([
    ['an unknown coin', { collateralType: 'DOGE' }],
    ['a number for the quantity', { minCoinQuantity: 0.1 }],
    ['a date without time', { priceAsOf: '2025-01-02' }],
  ])('refuses %s', (_, change) => {
    const value = {
      collateralType: 'BTC',
      valueOfOne: 60000,
      minCoinQuantity: '0.1',
      priceAsOf: '2025-01-02T03:04:05Z',
      ...change,
    };
    expect(ZGetCryptoValuesResponse.safeParse({ cryptoValues: [value] }).success).toBe(false);
  });
});
