import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEGACY_WALLET_HEADERS,
  type TGetIdentityResponse,
  type TPostLegacyLoginResponse,
} from '@pledge/contract';
import { isValidCosmosAddress, LOGIN_MESSAGES, PROVENANCE_ADDRESS_PREFIX } from '@pledge/domain';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { TOTP_STEP_S } from '../../src/security/totp.js';
import { createPasswordIdentity } from '../../src/services/identity/create-password-identity.js';
import { PASSWORD_LOGIN_MESSAGES } from '../../src/services/identity/log-in-with-password.js';
import {
  SANDBOX_LEGACY_BORROWERS,
  seedIdentities,
} from '../../src/services/identity/seed-identities.js';
import { ALIAS_MESSAGES } from '../../src/services/identity/set-identity-alias.js';
import { SIGN_IN_RATE_LIMITS } from '../../src/services/identity/sign-in-limits.js';
import { TEST_ENCRYPTION_KEY, buildTestApp } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import {
  ALIAS,
  bearer,
  figureInfo,
  IDENTITY,
  latestCode,
  LOGIN,
  manualClock,
  signIn,
  totpAt,
} from './sign-in.js';
import { closeTestApp } from '../helpers/test-app.js';

const [LEGACY, LEGACY_2FA] = SANDBOX_LEGACY_BORROWERS;

describe('legacy identity service', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const time = manualClock();
  const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedIdentities({ db: database.db, cipher, sandbox: true, agentEmails: [] });
    app = await buildTestApp({ database, clock: time.clock });
  });
  afterAll(() => closeTestApp({ database, app }));

  function login(payload: unknown, remoteAddress?: string) {
    return app.inject({
      method: 'POST',
      url: LOGIN,
      payload: payload as Record<string, unknown>,
      ...(remoteAddress !== undefined ? { remoteAddress } : {}),
    });
  }

  const currentTotp = (secretBase32: string, offsetSteps = 0) =>
    totpAt(secretBase32, time.clock(), offsetSteps);

  it('seeds the documented sandbox borrowers', () => {
    expect(LEGACY).toMatchObject({ email: 'legacy@example.com', password: 'pass_good' });
    expect(LEGACY_2FA?.totpSecret).toBeDefined();
  });

  it('signs the legacy borrower in with a password, for the customer audience', async () => {
    const response = await login({ email: 'LEGACY@example.com', password: 'pass_good' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as TPostLegacyLoginResponse;
    expect(body.passwordExpired).toBe(false);

    const identity = await app.inject({ method: 'GET', url: IDENTITY, headers: bearer(body.jwt) });
    expect(identity.statusCode).toBe(200);
    expect(identity.json()).toEqual({
      uuid: expect.any(String),
      aliases: [{ type: 'Email', value: 'legacy@example.com' }],
      passwordExpired: false,
      twoFactorEnabled: false,
      totpVerified: false,
      updatedDate: expect.any(String),
    } satisfies TGetIdentityResponse);
    const account = identity.headers[LEGACY_WALLET_HEADERS.accountAddress];
    const policy = identity.headers[LEGACY_WALLET_HEADERS.groupPolicyAddress];
    expect(isValidCosmosAddress(String(account), PROVENANCE_ADDRESS_PREFIX)).toBe(true);
    expect(isValidCosmosAddress(String(policy), PROVENANCE_ADDRESS_PREFIX)).toBe(true);

    const figure = await figureInfo(app, body.jwt);
    expect(figure.json()).toMatchObject({
      email: 'legacy@example.com',
      activeLegacyCustomerOrgs: ['default'],
      auth0UserProto: { walletContext: { accountAddress: account, groupPolicyAddress: policy } },
    });
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const wrong = await login({ email: 'legacy@example.com', password: 'pass_bad' }, '10.3.0.1');
    const unknown = await login({ email: 'nobody@example.com', password: 'pass_good' }, '10.3.0.1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: PASSWORD_LOGIN_MESSAGES.invalid,
      });
    }
  });

  it('refuses a password sign-in to an identity that has no password', async () => {
    await signIn(app, 'broker-only@example.com');
    const response = await login({ email: 'broker-only@example.com', password: 'anything' });
    expect(response.statusCode).toBe(401);
  });

  it('asks for the authenticator code when two-factor sign-in is on', async () => {
    const secret = LEGACY_2FA?.totpSecret ?? '';
    const email = LEGACY_2FA?.email ?? '';
    const without = await login({ email, password: 'pass_good' }, '10.4.0.1');
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({
      code: 'TOTP_REQUIRED',
      fieldErrors: { totp: [PASSWORD_LOGIN_MESSAGES.totpRequired] },
    });

    const wrongCode = String((Number(currentTotp(secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await login({ email, password: 'pass_good', totp: wrongCode }, '10.4.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TOTP' });

    const code = currentTotp(secret);
    const right = await login({ email, password: 'pass_good', totp: code }, '10.4.0.3');
    expect(right.statusCode).toBe(200);
    const identity = await app.inject({
      method: 'GET',
      url: IDENTITY,
      headers: bearer((right.json() as TPostLegacyLoginResponse).jwt),
    });
    expect(identity.json()).toMatchObject({ twoFactorEnabled: true, totpVerified: true });
    expect(identity.headers[LEGACY_WALLET_HEADERS.accountAddress]).toBeUndefined();

    // The same code never works twice.
    const replay = await login({ email, password: 'pass_good', totp: code }, '10.4.0.4');
    expect(replay.statusCode).toBe(401);

    // A code of the next step (clock drift) is accepted once time has moved on.
    time.advance(TOTP_STEP_S * 1000);
    const next = await login(
      { email, password: 'pass_good', totp: currentTotp(secret, 1) },
      '10.4.0.5',
    );
    expect(next.statusCode).toBe(200);
  });

  it('never asks a wrong password for the authenticator code', async () => {
    // The tries of the test above count against the address; let their window pass.
    time.advance(SIGN_IN_RATE_LIMITS.passwordLoginPerAddress.windowMs);
    const response = await login(
      { email: LEGACY_2FA?.email, password: 'pass_bad', totp: '123456' },
      '10.4.0.9',
    );
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('says when the password has expired', async () => {
    await createPasswordIdentity(
      { db: database.db, cipher },
      {
        email: 'stale@example.com',
        password: 'pass_good',
        orgCode: 'default',
        passwordExpiresAt: new Date(time.clock().getTime() - 1000),
      },
    );
    const response = await login({ email: 'stale@example.com', password: 'pass_good' });
    expect(response.json()).toMatchObject({ passwordExpired: true });
  });

  it('limits password tries per address and source', async () => {
    const { max } = SIGN_IN_RATE_LIMITS.passwordLoginPerAddressAndIp;
    for (let index = 0; index < max; index += 1) {
      const response = await login(
        { email: 'target@example.com', password: `guess-${index}` },
        '10.5.0.1',
      );
      expect(response.statusCode).toBe(401);
    }
    const refused = await login({ email: 'target@example.com', password: 'guess' }, '10.5.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another source is not refused for the first one's tries.
    const other = await login({ email: 'target@example.com', password: 'guess' }, '10.5.0.2');
    expect(other.statusCode).toBe(401);
  });

  it('limits password tries per IP', async () => {
    const { max } = SIGN_IN_RATE_LIMITS.passwordLoginPerIp;
    for (let index = 0; index < max; index += 1) {
      await login({ email: `spray-${index}@example.com`, password: 'pass_good' }, '10.6.0.1');
    }
    const refused = await login({ email: 'spray-x@example.com', password: 'x' }, '10.6.0.1');
    expect(refused.statusCode).toBe(429);
  });

  it.each([
    [{ email: 'legacy@example.com' }, 'password'],
    [{ email: 'no', password: 'x' }, 'email'],
    [{ email: 'legacy@example.com', password: 'pass_good', totp: '12' }, 'totp'],
    [{ email: 'legacy@example.com', password: 'x'.repeat(257) }, 'password'],
  ])('answers 400 with field messages to %j', async (payload, field) => {
    const response = await login(payload, '10.7.0.1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { [field]: [expect.any(String)] },
    });
  });

  describe('aliases', () => {
    let jwt: string;
    beforeAll(async () => {
      jwt = await signIn(app, 'aliased@example.com');
      await signIn(app, 'taken@example.com');
    });

    function put(payload: unknown, token = jwt) {
      return app.inject({
        method: 'PUT',
        url: ALIAS,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      });
    }

    it('adds a phone alias in international form', async () => {
      const response = await put({ type: 'Phone', value: '(212) 555-0123' });
      expect(response.statusCode).toBe(200);
      expect((response.json() as TGetIdentityResponse).aliases).toEqual([
        { type: 'Email', value: 'aliased@example.com' },
        { type: 'Phone', value: '+12125550123' },
      ]);
      const replaced = await put({ type: 'Phone', value: '+44 20 7946 0958' });
      expect((replaced.json() as TGetIdentityResponse).aliases).toContainEqual({
        type: 'Phone',
        value: '+442079460958',
      });
    });

    it('changes nothing yet for a new Email alias: a code goes to the new address', async () => {
      // The step-up of an account without password: a code e-mailed to its current address.
      await app.inject({
        method: 'POST',
        url: '/identity/secure/api/v1/identity/step-up',
        headers: bearer(jwt),
      });
      const stepUpCode = await latestCode(
        app,
        'aliased@example.com',
        /sign-in address changes, is (\d{6})\./,
      );
      const response = await put({ type: 'Email', value: 'Renamed@Example.com', stepUpCode });
      expect(response.statusCode).toBe(200);
      expect((response.json() as TGetIdentityResponse).aliases[0]).toEqual({
        type: 'Email',
        value: 'aliased@example.com',
      });
      const figure = await figureInfo(app, jwt);
      expect(figure.json()).toMatchObject({ email: 'aliased@example.com' });
    });

    it('lets two accounts share a phone number, so no answer tells who has it', async () => {
      const other = await signIn(app, 'taken@example.com');
      expect((await put({ type: 'Phone', value: '+1 303 555 0199' }, other)).statusCode).toBe(200);
      const phone = await put({ type: 'Phone', value: '303-555-0199' });
      expect(phone.statusCode).toBe(200);
      expect((phone.json() as TGetIdentityResponse).aliases).toContainEqual({
        type: 'Phone',
        value: '+13035550199',
      });
    });

    it.each([
      [{ type: 'Phone', value: '12' }, 'value', ALIAS_MESSAGES.phone],
      [{ type: 'Email', value: 'not-an-address' }, 'value', LOGIN_MESSAGES.email],
      [{ type: 'FirebaseUid', value: 'abc' }, 'type', ALIAS_MESSAGES.type],
    ])('refuses %j with a field message', async (payload, field, message) => {
      const response = await put(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fieldErrors: { [field]: [message] } });
    });

    it.each([{}, { type: 'Fax', value: 'x' }, { type: 'Phone', value: '' }])(
      'answers 400 to a malformed body %j',
      async (payload) => {
        const response = await put(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      },
    );

    it('needs a customer token', async () => {
      const agentless = await app.inject({
        method: 'PUT',
        url: ALIAS,
        payload: { type: 'Phone', value: '2125550123' },
      });
      expect(agentless.statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: IDENTITY })).statusCode).toBe(401);
    });
  });
});
