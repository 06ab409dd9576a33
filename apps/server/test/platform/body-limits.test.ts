/**
 * Request body limits: each route reads at most what its largest valid body needs; a
 * longer body answers 413 with the API's error shape, over a real socket too (never a dropped
 * connection), and nothing is stored. Field bounds answer 400 with the field's message.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints, maxBodyBytesOf, type TPutProfileBody } from '@pledge/contract';
import { LOGIN_MESSAGES, PROFILE_ADDRESSES_MAX_COUNT } from '@pledge/domain';
import { CURRENT_CONSENT_VERSIONS } from '../../src/services/profile/consent-versions.js';
import { brokerPath, mailbox } from '../identity/sign-in.js';
import { borrowerHeaders, newIdentity, usePlatformTestApp } from './helpers.js';

const OTP_START = brokerPath('customer', '/api/v3/otp/start');
const RATES = endpoints.postRates.path;
const PROFILE = endpoints.putProfile.path;
const TOO_LARGE = { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) };

/** A JSON object of about `bytes` bytes: the e-mail and one long extra property. */
const bigBody = (bytes: number, fields: object) =>
  JSON.stringify({ ...fields, padding: 'x'.repeat(bytes) });

const address = (n: number) => ({
  type: 'HOME' as const,
  street1: `${n} Fifth Ave`,
  street2: null,
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
});

function profileBody(addressCount: number): TPutProfileBody {
  return {
    name: { firstName: 'Ada', lastName: 'Lovelace', suffix: null },
    dob: '1985-12-10',
    addresses: Array.from({ length: addressCount }, (_, n) => address(n + 1)),
    phoneNumbers: [{ number: '+12125550123' }],
    email: 'ada@example.com',
    countryOfDomicile: 'US',
    consents: [{ type: 'TERMS', version: CURRENT_CONSENT_VERSIONS.TERMS, optInOut: 'OPT_IN' }],
  };
}

describe('request body limits', () => {
  const t = usePlatformTestApp();
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it.each([
    ['otp/start', OTP_START, { email: 'big-body@example.com' }],
    ['rates', RATES, { coinQuantity: '1', collateralType: 'BTC', state: 'OH' }],
  ])(
    'answers a 256 KB JSON body to %s with 413 over a real socket',
    async (_name, path, fields) => {
      const response = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bigBody(256 * 1024, fields),
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(TOO_LARGE);
    },
  );

  it('answers a body just over the route limit with 413 and stores nothing', async () => {
    const email = 'just-over@example.com';
    const limit = maxBodyBytesOf(endpoints.postCustomerOtpStart);
    const response = await app.inject({
      method: 'POST',
      url: OTP_START,
      headers: { 'content-type': 'application/json' },
      payload: bigBody(limit, { email }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(TOO_LARGE);
    expect(await mailbox(app, email)).toEqual([]);
  });

  it('answers a 255-character e-mail at otp/start with 400 and the e-mail message', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(email).toHaveLength(255);
    const response = await app.inject({ method: 'POST', url: OTP_START, payload: { email } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: LOGIN_MESSAGES.email,
      fieldErrors: { email: [LOGIN_MESSAGES.email] },
    });
    expect(await mailbox(app, email.slice(0, 254))).toEqual([]);
  });

  it('refuses a profile with more addresses than the bound and keeps the stored one', async () => {
    const identity = newIdentity();
    const put = (body: object) =>
      app.inject({
        method: 'PUT',
        url: PROFILE,
        payload: body,
        headers: borrowerHeaders(identity),
      });
    const saved = await put(profileBody(PROFILE_ADDRESSES_MAX_COUNT));
    expect(saved.statusCode).toBe(200);
    const stored = await app.inject({
      method: 'GET',
      url: PROFILE,
      headers: borrowerHeaders(identity),
    });

    const refused = await put(profileBody(PROFILE_ADDRESSES_MAX_COUNT + 1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      fieldErrors: { addresses: [`Give at most ${PROFILE_ADDRESSES_MAX_COUNT} addresses`] },
    });
    const after = await app.inject({
      method: 'GET',
      url: PROFILE,
      headers: borrowerHeaders(identity),
    });
    expect(after.json()).toEqual(stored.json());
    expect((after.json() as { addresses: unknown[] }).addresses).toHaveLength(
      PROFILE_ADDRESSES_MAX_COUNT,
    );
  });
});
