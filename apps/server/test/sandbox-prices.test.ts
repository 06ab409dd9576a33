import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPostRatesResponse, TPostSandboxPricesResponse } from '@pledge/contract';
import { buildTestApp } from './helpers/app.js';
import type { TTestDatabase } from './helpers/db.js';
import { createSandboxDemoDatabase, seedSandboxDemo } from './helpers/seeded-db.js';
import { closeTestApp, useTestApp } from './helpers/test-app.js';

const RATES = '/service-cryptopl-leap/insecure/api/v1/rates';
const CRYPTO_VALUES = '/service-cryptopl-leap/insecure/api/v1/crypto-values?state=CA';

describe('POST /sandbox/prices', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createSandboxDemoDatabase();
    app = await buildTestApp({ database, sandbox: true });
  });
  afterAll(() => closeTestApp({ database, app }));

  it('sets a price and answers both', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/prices',
      payload: { BTC: 80000.5 },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as TPostSandboxPricesResponse;
    expect(body.BTC).toBe(80000.5);
    expect(body.ETH).toBe(3000);
    expect(Number.isNaN(Date.parse(body.updatedAt))).toBe(false);
  });

  it('moves the rates and crypto values with the new price', async () => {
    await app.inject({
      method: 'POST',
      url: '/sandbox/prices',
      payload: { BTC: 40000, ETH: 2500 },
    });
    const rates = await app.inject({
      method: 'POST',
      url: RATES,
      payload: { coinQuantity: '1', collateralType: 'BTC', state: 'CA', requestedAmount: 16000 },
    });
    const body = rates.json() as TPostRatesResponse;
    expect(body.valueOfOne).toBe(40000);
    // $16,000 and its 1% fee on $40,000.
    expect(body.currentLtv).toBe(40.4);
    expect(body.eligibleTierId).toBe('RATE_1');

    const values = await app.inject({ method: 'GET', url: CRYPTO_VALUES });
    expect(values.json()).toMatchObject({
      cryptoValues: [
        { collateralType: 'BTC', valueOfOne: 40000 },
        { collateralType: 'ETH', valueOfOne: 2500 },
      ],
    });
  });

  it('keeps prices set through the endpoint when the seed runs again', async () => {
    await app.inject({ method: 'POST', url: '/sandbox/prices', payload: { ETH: 1234.56 } });
    await seedSandboxDemo(database.db);
    const values = await app.inject({ method: 'GET', url: CRYPTO_VALUES });
    expect(values.json()).toMatchObject({
      cryptoValues: [{ collateralType: 'BTC' }, { collateralType: 'ETH', valueOfOne: 1234.56 }],
    });
  });

  it.each([
    ['no price', {}],
    ['a zero price', { BTC: 0 }],
    ['a negative price', { ETH: -1 }],
    ['a price with 3 decimals', { BTC: 1.001 }],
    ['a price as a string', { BTC: '60000' }],
  ])('refuses %s with 400', async (_name, payload) => {
    const response = await app.inject({ method: 'POST', url: '/sandbox/prices', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('sandbox routes outside sandbox mode', () => {
  const world = useTestApp({ sandbox: false });

  it('does not serve /sandbox/prices', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/sandbox/prices',
      payload: { BTC: 1 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
