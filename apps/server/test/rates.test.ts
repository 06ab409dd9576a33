import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPostRatesResponse } from '@pledge/contract';
import { OFFER_REFUSAL_MESSAGES } from '@pledge/domain';
import { buildTestApp } from './helpers/app.js';
import type { TTestDatabase } from './helpers/db.js';
import { createSandboxDemoDatabase } from './helpers/seeded-db.js';
import { closeTestApp } from './helpers/test-app.js';

const LEAP = '/service-cryptopl-leap/insecure/api/v1';
// The seeded sandbox prices: BTC $60,000, ETH $3,000.
const BTC_USD = 60000;

describe('pricing endpoints', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  const rates = (body: unknown, query = '') =>
    app.inject({ method: 'POST', url: `${LEAP}/rates${query}`, payload: body as object });
  /** The rate sheet for a Californian borrowing `requestedAmount` dollars on `coinQuantity` BTC. */
  async function californianRates(coinQuantity: string, requestedAmount: number) {
    const response = await rates({
      coinQuantity,
      collateralType: 'BTC',
      state: 'CA',
      requestedAmount,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TPostRatesResponse;
  }

  beforeAll(async () => {
    database = await createSandboxDemoDatabase();
    app = await buildTestApp({ database });
  });
  afterAll(() => closeTestApp({ database, app }));

  describe('GET crypto-values', () => {
    it('answers the value of one coin and the minimum quantity for a state', async () => {
      const response = await app.inject({ method: 'GET', url: `${LEAP}/crypto-values?state=OH` });
      expect(response.statusCode).toBe(200);
      const { cryptoValues } = response.json() as {
        cryptoValues: { collateralType: string; valueOfOne: number; minCoinQuantity: string }[];
      };
      expect(cryptoValues.map((value) => value.collateralType)).toEqual(['BTC', 'ETH']);
      const btc = cryptoValues[0];
      expect(btc?.valueOfOne).toBe(BTC_USD);
      // OH minimum $5,001 and its $250 floor fee at 75% LTV: 5251 / 0.75 / 60000 = 0.116688…,
      // rounded up to 6 decimals.
      expect(btc?.minCoinQuantity).toBe('0.116689');
    });

    it('answers for an enabled country', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `${LEAP}/crypto-values?countryCode=DE`,
      });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ['no residence', ''],
      ['both state and country', '?state=OH&countryCode=DE'],
      ['a malformed state', '?state=ohio'],
      ['a repeated parameter', '?state=OH&state=CA'],
      ['a bad org code', '?state=OH&orgCode=%3Cscript%3E'],
    ])('refuses %s with 400 and field errors', async (_name, query) => {
      const response = await app.inject({ method: 'GET', url: `${LEAP}/crypto-values${query}` });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { code: string; fieldErrors: Record<string, string[]> };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.fieldErrors).length).toBeGreaterThan(0);
    });

    it('refuses an unserviced state with the product message', async () => {
      const response = await app.inject({ method: 'GET', url: `${LEAP}/crypto-values?state=TX` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'STATE_NOT_SERVICED',
        fieldErrors: { state: ['This state is currently not being serviced'] },
      });
    });

    it('refuses a disabled country', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `${LEAP}/crypto-values?countryCode=CU`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        fieldErrors: { countryCode: [OFFER_REFUSAL_MESSAGES.COUNTRY_NOT_ENABLED] },
      });
    });

    it('refuses international residence for a brand that does not lend abroad', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `${LEAP}/crypto-values?countryCode=DE&orgCode=markets`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'COUNTRY_NOT_ENABLED' });
    });
  });

  describe('POST rates', () => {
    // 1.01 BTC is worth twice the cash with its 1% CA fee: every LTV is on what is owed.
    it('makes the 8.91% band eligible when the collateral is worth twice the loan', async () => {
      const body = await californianRates('1.01', BTC_USD / 2);
      expect(body.eligibleTierId).toBe('RATE_1');
      expect(body.currentLtv).toBe(50);
      expect(body.valueOfOne).toBe(BTC_USD);
      const rate1 = body.rates.find((band) => band.tierId === 'RATE_1');
      expect(rate1).toMatchObject({ rate: 8.91, eligible: true, minLtv: 0, maxLtv: 50 });
      expect(rate1?.additionalCoinQuantityNeeded).toBe('0');
    });

    it('makes the 11.5% band eligible at 60% LTV', async () => {
      const body = await californianRates('1.01', 36000);
      expect(body.currentLtv).toBe(60);
      expect(body.eligibleTierId).toBe('RATE_2');
      expect(body.rates.find((band) => band.tierId === 'RATE_2')).toMatchObject({
        rate: 11.5,
        eligible: true,
      });
      expect(body.rates.find((band) => band.tierId === 'RATE_1')?.eligible).toBe(false);
    });

    it('makes no band eligible above 75% LTV and says how much coin is missing', async () => {
      const body = await californianRates('1', 48000);
      expect(body.eligibleTierId).toBeNull();
      expect(body.rates.every((band) => !band.eligible)).toBe(true);
      for (const band of body.rates) {
        expect(Number(band.additionalCoinQuantityNeeded)).toBeGreaterThan(0);
      }
      // 48000 and its 1% fee at 75% needs 64640 of BTC, i.e. 1.077334 coins: 0.077334 more.
      expect(
        body.rates.find((band) => band.tierId === 'RATE_2')?.additionalCoinQuantityNeeded,
      ).toBe('0.077334');
    });

    it('prices ETH for an international residence', async () => {
      const response = await rates({
        coinQuantity: '10',
        collateralType: 'ETH',
        countryCode: 'DE',
      });
      expect(response.statusCode).toBe(200);
      expect((response.json() as TPostRatesResponse).valueOfOne).toBe(3000);
    });

    it.each([
      [
        'a coin quantity with 7 decimals',
        { coinQuantity: '1.1234567', collateralType: 'BTC', state: 'CA' },
        'coinQuantity',
        'Maximum of 6 decimal places.',
      ],
      [
        'a zero coin quantity',
        { coinQuantity: '0', collateralType: 'BTC', state: 'CA' },
        'coinQuantity',
        undefined,
      ],
      [
        'a number instead of a decimal string',
        { coinQuantity: 1, collateralType: 'BTC', state: 'CA' },
        'coinQuantity',
        undefined,
      ],
      [
        'SOL',
        { coinQuantity: '1', collateralType: 'SOL', state: 'CA' },
        'collateralType',
        undefined,
      ],
      [
        'a negative amount',
        { coinQuantity: '1', collateralType: 'BTC', state: 'CA', requestedAmount: -5 },
        'requestedAmount',
        undefined,
      ],
      [
        'an amount with 3 decimals',
        { coinQuantity: '1', collateralType: 'BTC', state: 'CA', requestedAmount: 10000.123 },
        'requestedAmount',
        undefined,
      ],
      ['no residence', { coinQuantity: '1', collateralType: 'BTC' }, 'state', undefined],
    ])('refuses %s with 400 on the field', async (_name, body, field, message) => {
      const response = await rates(body);
      expect(response.statusCode).toBe(400);
      const answer = response.json() as { code: string; fieldErrors: Record<string, string[]> };
      expect(answer.code).toBe('VALIDATION_ERROR');
      expect(answer.fieldErrors[field]?.length).toBeGreaterThan(0);
      if (message !== undefined) expect(answer.fieldErrors[field]).toContain(message);
    });

    it('refuses an unserviced state with the product message', async () => {
      const response = await rates({ coinQuantity: '1', collateralType: 'BTC', state: 'IL' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        fieldErrors: { state: ['This state is currently not being serviced'] },
      });
    });

    it('refuses an unknown state code with the domain message', async () => {
      const response = await rates({ coinQuantity: '1', collateralType: 'BTC', state: 'ZZ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_RESIDENCE' });
    });
  });
});
