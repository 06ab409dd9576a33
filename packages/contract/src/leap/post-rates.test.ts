import { describe, expect, it } from 'vitest';
import { OFFER_MESSAGES, RESIDENCE_MESSAGES } from '@pledge/domain';
import {
  postRates,
  ZPostRatesBody,
  ZPostRatesQuery,
  ZPostRatesResponse,
  type TPostRatesResponse,
} from './post-rates.js';

const body = { coinQuantity: '1.5', collateralType: 'BTC', state: 'OH', requestedAmount: 45000 };

const messagesByPath = (input: unknown) =>
  ZPostRatesBody.safeParse(input).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]) ?? [];

describe('postRates', () => {
  it('is the public POST of DESIGN §4', () => {
    expect(postRates).toMatchObject({
      method: 'POST',
      path: '/service-cryptopl-leap/insecure/api/v1/rates',
      auth: 'none',
      query: ZPostRatesQuery,
      body: ZPostRatesBody,
    });
  });

  it('accepts a state or a country, with or without a requested amount', () => {
    expect(ZPostRatesBody.parse(body)).toEqual(body);
    const international = { coinQuantity: '12.000001', collateralType: 'ETH', countryCode: 'DE' };
    expect(ZPostRatesBody.parse(international)).toEqual(international);
    expect(ZPostRatesQuery.parse({ orgCode: 'partner' })).toEqual({ orgCode: 'partner' });
    expect(ZPostRatesQuery.parse({})).toEqual({});
  });

  it.each([
    ['SOL, shown as a name only', { collateralType: 'SOL' }, 'collateralType'],
    ['a zero quantity', { coinQuantity: '0' }, 'coinQuantity'],
    ['a quantity as a number', { coinQuantity: 1.5 }, 'coinQuantity'],
    ['a negative requested amount', { requestedAmount: -5 }, 'requestedAmount'],
    [
      'a requested amount with fractions of a cent',
      { requestedAmount: 100.001 },
      'requestedAmount',
    ],
  ])('refuses %s', (_, change, path) => {
    expect(messagesByPath({ ...body, ...change }).map(([field]) => field)).toContain(path);
  });

  it('names the decimal limit in the offer form’s words', () => {
    expect(messagesByPath({ ...body, coinQuantity: '0.1234567' })).toEqual([
      ['coinQuantity', OFFER_MESSAGES.maxDecimals],
    ]);
  });

  it('needs exactly one residence', () => {
    expect(messagesByPath({ ...body, countryCode: 'DE' })).toEqual([
      ['state', RESIDENCE_MESSAGES.bothGiven],
      ['countryCode', RESIDENCE_MESSAGES.bothGiven],
    ]);
    const { state: _state, ...withoutResidence } = body;
    expect(messagesByPath(withoutResidence)).toEqual([['state', RESIDENCE_MESSAGES.required]]);
  });

  it('accepts rate bands with the eligible tier', () => {
    const answer: TPostRatesResponse = {
      rates: [
        {
          tierId: 'RATE_1',
          rate: 8.91,
          minLtv: 0,
          maxLtv: 50,
          minAmountUsd: 5001,
          maxAmountUsd: 45000,
          additionalCoinQuantityNeeded: '0',
          eligible: true,
        },
        {
          tierId: 'RATE_2',
          rate: 11.5,
          minLtv: 50,
          maxLtv: 75,
          minAmountUsd: 5001,
          maxAmountUsd: 67500,
          additionalCoinQuantityNeeded: '0',
          eligible: true,
        },
      ],
      currentLtv: 50,
      eligibleTierId: 'RATE_1',
      valueOfOne: 60000,
      priceAsOf: '2025-01-02T03:04:05.000Z',
    };
    expect(ZPostRatesResponse.parse(answer)).toEqual(answer);
    expect(
      ZPostRatesResponse.safeParse({ ...answer, currentLtv: null, eligibleTierId: null }).success,
    ).toBe(true);
  });

  it('refuses an answer whose additional coins are not a decimal string', () => {
    const band = {
      tierId: 'RATE_1',
      rate: 8.91,
      minLtv: 0,
      maxLtv: 50,
      minAmountUsd: 5000,
      maxAmountUsd: 10000,
      additionalCoinQuantityNeeded: 0.5,
      eligible: false,
    };
    const answer = {
      rates: [band],
      currentLtv: 90,
      eligibleTierId: null,
      valueOfOne: 60000,
      priceAsOf: '2025-01-02T03:04:05Z',
    };
    expect(ZPostRatesResponse.safeParse(answer).success).toBe(false);
  });
});
