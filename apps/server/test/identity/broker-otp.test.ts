import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDENTITY_BROKER_API_VERSION,
  type TGetFigureInfoResponse,
  type TPostOtpVerifyResponse,
} from '@pledge/contract';
import { LOGIN_MESSAGES } from '@pledge/domain';
import {
  OTP_CODE_TTL_MS,
  OTP_MAX_WRONG_ATTEMPTS,
  SIGN_IN_RATE_LIMITS,
} from '../../src/services/identity/sign-in-limits.js';
import { OTP_MESSAGES } from '../../src/services/identity/verify-otp.js';

import { type TTestDatabase } from '../helpers/db.js';
import {
  brokerPath,
  figureInfo,
  latestCode,
  mailbox,
  manualClock,
  NONCE,
  signIn,
  startOtp,
  verifyOtp,
  wrongCodeFor,
} from './sign-in.js';
import { closeTestApp, openTestApp } from '../helpers/test-app.js';

const DAY_MS = 24 * 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('identity broker: sign-in by e-mailed code', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const time = manualClock();

  beforeAll(async () => ({ database, app } = await openTestApp({ clock: time.clock })));
  afterAll(() => closeTestApp({ database, app }));

  describe('POST /api/v3/login', () => {
    it('redirects to the hosted sign-in page with the return path and nonce', async () => {
      const response = await app.inject({
        method: 'POST',
        url: brokerPath(
          'customer',
          `/api/v3/login?redirectUrl=${encodeURIComponent('/account/crypto-backed-loan/start?state=OH')}&nonce=${NONCE}&telemetryTrackingId=0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b`,
        ),
      });
      expect(response.statusCode).toBe(303);
      const location = new URL(response.headers.location as string, 'http://app.test');
      expect(location.pathname).toBe('/auth/login');
      expect(Object.fromEntries(location.searchParams)).toEqual({
        audience: 'customer',
        redirectUrl: '/account/crypto-backed-loan/start?state=OH',
        nonce: NONCE,
      });
    });

    it("accepts the browser's form POST navigation (an empty url-encoded form)", async () => {
      const response = await app.inject({
        method: 'POST',
        url: brokerPath('customer', `/api/v3/login?redirectUrl=%2Fdashboard&nonce=${NONCE}-form`),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toContain('/auth/login?audience=customer');
    });

    it('still refuses url-encoded forms on the JSON-only APIs', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/service-cryptopl-leap/insecure/api/v1/rates',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'coinQuantity=1',
      });
      expect(response.statusCode).toBe(415);
    });

    it.each([
      'https://evil.example/account',
      '//evil.example/x',
      '/Account',
      '/a\\evil.example',
      'account',
    ])('returns to the landing page instead of %j', async (redirectUrl) => {
      const response = await app.inject({
        method: 'POST',
        url: brokerPath(
          'customer',
          `/api/v3/login?redirectUrl=${encodeURIComponent(redirectUrl)}&nonce=${NONCE}-bad`,
        ),
      });
      expect(response.statusCode).toBe(303);
      const location = new URL(response.headers.location as string, 'http://app.test');
      expect(location.searchParams.get('redirectUrl')).toBe('/account/crypto-backed-loan');
    });

    it('answers 400 with field messages without a nonce', async () => {
      const response = await app.inject({
        method: 'POST',
        url: brokerPath('agent', '/api/v3/login?redirectUrl=/ops'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { nonce: [expect.any(String)] },
      });
    });
  });

  it('signs a new customer in and creates the identity in the brand of the request', async () => {
    const email = 'Ada.Lovelace@Example.com';
    const login = await app.inject({
      method: 'POST',
      url: brokerPath(
        'customer',
        `/api/v3/login?redirectUrl=${encodeURIComponent('/account/crypto-backed-loan/celsius-refi')}&nonce=${NONCE}-ada`,
      ),
    });
    expect(login.statusCode).toBe(303);

    const started = await startOtp(app, email, { org: 'partner' });
    expect(started.statusCode).toBe(204);
    expect(started.body).toBe('');
    const [message] = await mailbox(app, 'ada.lovelace@example.com');
    expect(message).toMatchObject({
      to: 'ada.lovelace@example.com',
      subject: 'Your Harbor Credit Partners sign-in code',
    });
    expect(message?.text).toContain('Harbor Credit Partners');

    const code = await latestCode(app, 'ada.lovelace@example.com');
    const verified = await verifyOtp(
      app,
      { email, code, nonce: `${NONCE}-ada` },
      { org: 'partner' },
    );
    expect(verified.statusCode).toBe(200);
    const body = verified.json() as TPostOtpVerifyResponse;
    expect(body.apiVersion).toBe(IDENTITY_BROKER_API_VERSION);
    expect(body.redirectUrl).toBe('/account/crypto-backed-loan/celsius-refi');
    expect(body.jwt.split('.')).toHaveLength(3);

    const figure = await figureInfo(app, body.jwt);
    expect(figure.statusCode).toBe(200);
    const identity = figure.json() as TGetFigureInfoResponse;
    const wallet = { accountAddress: null, groupPolicyAddress: null };
    expect(identity).toEqual({
      apiVersion: IDENTITY_BROKER_API_VERSION,
      identityUuid: expect.stringMatching(UUID),
      organizationCode: 'partner',
      userType: 'customer',
      email: 'ada.lovelace@example.com',
      updatedAt: expect.any(String),
      isManageable: true,
      activeLegacyCustomerOrgs: [],
      auth0UserProto: { walletContext: wallet },
      // The previous release's names, one release more (a client of that release reads them).
      uuid: identity.identityUuid,
      profileType: 'customer',
      isBroker: false,
      wallet,
    });

    // A second sign-in, through another brand, is the same identity in its first brand.
    const again = await signIn(app, 'ada.lovelace@example.com', { org: 'markets' });
    const second = await figureInfo(app, again);
    expect(second.json()).toMatchObject({
      identityUuid: identity.identityUuid,
      organizationCode: 'partner',
    });
  });

  it("documents version 1's figureinfo names as deprecated in the OpenAPI document", async () => {
    const docs = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    type TProperty = { deprecated?: boolean; description?: string };
    const document = docs.json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              { content?: Record<string, { schema: { properties: Record<string, TProperty> } }> }
            >;
          }
        >
      >;
    };
    const path = brokerPath('customer', '/secure/api/v3/self/figureinfo');
    const properties =
      document.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema
        .properties ?? {};
    for (const name of ['uuid', 'profileType', 'isBroker', 'wallet']) {
      expect(properties[name], name).toMatchObject({
        deprecated: true,
        description: expect.stringMatching(/^Deprecated: /) as string,
      });
    }
    expect(properties.apiVersion).toMatchObject({ enum: [IDENTITY_BROKER_API_VERSION] });
    expect(properties.identityUuid?.deprecated).toBeUndefined();
  });

  it('lands on the default page when the nonce began no sign-in', async () => {
    await startOtp(app, 'nonce-less@example.com');
    const response = await verifyOtp(app, {
      email: 'nonce-less@example.com',
      code: await latestCode(app, 'nonce-less@example.com'),
      nonce: 'never-given-to-login-0000',
    });
    expect(response.json()).toMatchObject({ redirectUrl: '/account/crypto-backed-loan' });
  });

  it('names the default brand when the request names none', async () => {
    await startOtp(app, 'plain@example.com');
    const [message] = await mailbox(app, 'plain@example.com');
    expect(message?.subject).toBe('Your Pledge Lending sign-in code');
  });

  it('refuses a wrong code with a field message, and still takes the right one', async () => {
    const email = 'typo@example.com';
    await startOtp(app, email);
    const code = await latestCode(app, email);
    const wrong = await verifyOtp(app, { email, code: wrongCodeFor(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CODE',
      message: OTP_MESSAGES.wrong,
      fieldErrors: { code: [OTP_MESSAGES.wrong] },
    });
    expect((await verifyOtp(app, { email, code })).statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const email = 'once@example.com';
    await startOtp(app, email);
    const code = await latestCode(app, email);
    expect((await verifyOtp(app, { email, code })).statusCode).toBe(200);
    const reused = await verifyOtp(app, { email, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_CODE', message: OTP_MESSAGES.wrong });
  });

  it('takes only the newest code', async () => {
    const email = 'twice@example.com';
    await startOtp(app, email);
    const first = await latestCode(app, email);
    await startOtp(app, email);
    const second = await latestCode(app, email);
    if (first !== second) {
      expect((await verifyOtp(app, { email, code: first })).statusCode).toBe(400);
    }
    expect((await verifyOtp(app, { email, code: second })).statusCode).toBe(200);
  });

  it('takes the newest code after the clock went back', async () => {
    // A code sent while the clock ran ahead (the sandbox's clock moved forward, or an instance a
    // little ahead of the others) keeps a creation time later than the code that replaces it.
    const email = 'clock-back@example.com';
    const device = { remoteAddress: '10.33.0.1' };
    const shift = 30 * DAY_MS;
    time.advance(shift);
    expect((await startOtp(app, email, device)).statusCode).toBe(204);
    const ahead = await latestCode(app, email);
    time.advance(-shift);
    expect((await startOtp(app, email, device)).statusCode).toBe(204);
    const current = await latestCode(app, email);
    if (ahead !== current) {
      const stale = await verifyOtp(app, { email, code: ahead }, device);
      expect(stale.json()).toMatchObject({ code: 'INVALID_CODE', message: OTP_MESSAGES.wrong });
    }
    expect((await verifyOtp(app, { email, code: current }, device)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = 'late@example.com';
    await startOtp(app, email);
    const code = await latestCode(app, email);
    time.advance(OTP_CODE_TTL_MS + 1_000);
    const response = await verifyOtp(app, { email, code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_CODE', message: OTP_MESSAGES.expired });
  });

  it('burns a code after the last allowed wrong try', async () => {
    const email = 'guesser@example.com';
    await startOtp(app, email);
    const code = await latestCode(app, email);
    for (let attempt = 1; attempt <= OTP_MAX_WRONG_ATTEMPTS; attempt += 1) {
      const response = await verifyOtp(app, { email, code: wrongCodeFor(code) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: attempt === OTP_MAX_WRONG_ATTEMPTS ? OTP_MESSAGES.lastWrong : OTP_MESSAGES.wrong,
      });
    }
    const right = await verifyOtp(app, { email, code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 'RATE_LIMITED', message: OTP_MESSAGES.burnt });

    // A new code works again.
    await startOtp(app, email);
    expect((await verifyOtp(app, { email, code: await latestCode(app, email) })).statusCode).toBe(
      200,
    );
  });

  it('limits codes per address and source, telling when to retry', async () => {
    const email = 'impatient@example.com';
    const { max } = SIGN_IN_RATE_LIMITS.otpStartPerAddressAndIp;
    for (let index = 0; index < max; index += 1) {
      // Spaced out: only the address-and-source limit is reached, not the address's pace.
      time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs);
      expect((await startOtp(app, email, { remoteAddress: '10.1.0.1' })).statusCode).toBe(204);
    }
    time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs);
    const refused = await startOtp(app, email, { remoteAddress: '10.1.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailbox(app, email)).toHaveLength(max);

    // Another source still gets a code; and the window slides for the first one.
    expect((await startOtp(app, email, { remoteAddress: '10.1.0.2' })).statusCode).toBe(204);
    time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndIp.windowMs);
    expect((await startOtp(app, email, { remoteAddress: '10.1.0.1' })).statusCode).toBe(204);
  });

  it('limits codes per IP', async () => {
    const { max } = SIGN_IN_RATE_LIMITS.otpStartPerIp;
    for (let index = 0; index < max; index += 1) {
      const response = await startOtp(app, `crowd-${index}@example.com`, {
        remoteAddress: '10.2.0.1',
      });
      expect(response.statusCode).toBe(204);
    }
    const refused = await startOtp(app, 'crowd-last@example.com', { remoteAddress: '10.2.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(await mailbox(app, 'crowd-last@example.com')).toHaveLength(0);
    expect(
      (await startOtp(app, 'crowd-last@example.com', { remoteAddress: '10.2.0.2' })).statusCode,
    ).toBe(204);
  });

  it('limits verification tries per address and source', async () => {
    const email = 'prober@example.com';
    const { max } = SIGN_IN_RATE_LIMITS.otpVerifyPerAddressAndIp;
    const from = { remoteAddress: '10.8.0.1' };
    for (let index = 0; index < max; index += 1) {
      expect((await verifyOtp(app, { email, code: '000000' }, from)).statusCode).toBe(400);
    }
    expect((await verifyOtp(app, { email, code: '000000' }, from)).statusCode).toBe(429);
    expect(
      (await verifyOtp(app, { email, code: '000000' }, { remoteAddress: '10.8.0.2' })).statusCode,
    ).toBe(400);
  });

  it.each([
    ['start', '/api/v3/otp/start', { email: 'not-an-address' }, { email: [LOGIN_MESSAGES.email] }],
    ['start', '/api/v3/otp/start', {}, { email: [LOGIN_MESSAGES.email] }],
    [
      'verify',
      '/api/v3/otp/verify',
      { email: 'ada@example.com', code: '12345', nonce: NONCE },
      { code: [LOGIN_MESSAGES.code] },
    ],
    [
      'verify',
      '/api/v3/otp/verify',
      { email: 'ada@example.com', code: '123456' },
      { nonce: [expect.any(String)] },
    ],
  ])(
    'answers 400 with field messages to a bad %s body',
    async (_name, path, payload, fieldErrors) => {
      const response = await app.inject({
        method: 'POST',
        url: brokerPath('customer', path),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors });
    },
  );

  it('never answers 5xx to odd input', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { email: 'a'.repeat(5000) + '@example.com' },
      { email: 'ada@example.com', code: '１２３４５６', nonce: NONCE },
      { email: { $ne: null }, code: ['123456'], nonce: 7 },
      { email: 'ada@example.com\u0000', code: '123456', nonce: 'n'.repeat(128) },
    ];
    const paths = ['/api/v3/otp/start', '/api/v3/otp/verify', '/api/v3/login?nonce=%E0%A4%A'];
    for (const audience of ['customer', 'agent'] as const) {
      for (const path of paths) {
        for (const payload of bodies) {
          const response = await app.inject({
            method: 'POST',
            url: brokerPath(audience, path),
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
            remoteAddress: '10.9.9.9',
          });
          expect(
            response.statusCode,
            `${audience} ${path} ${JSON.stringify(payload)}`,
          ).toBeLessThan(500);
        }
      }
    }
  });
});
