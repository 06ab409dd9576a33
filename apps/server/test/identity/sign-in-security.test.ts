/**
 * Findings of the sign-in security review: two-factor on every sign-in path, limits that stop the
 * attacker and not the person, and an agent code request that does the same work for any address.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPostOtpVerifyResponse } from '@pledge/contract';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { TOTP_STEP_S } from '../../src/security/totp.js';
import { provisionAgents } from '../../src/services/identity/agents.js';
import { createPasswordIdentity } from '../../src/services/identity/create-password-identity.js';
import { TOTP_MESSAGES } from '../../src/services/identity/second-factor.js';
import {
  SANDBOX_LEGACY_BORROWERS,
  seedIdentities,
} from '../../src/services/identity/seed-identities.js';
import {
  OTP_MAX_WRONG_ATTEMPTS,
  SIGN_IN_RATE_LIMITS,
} from '../../src/services/identity/sign-in-limits.js';
import { OTP_MESSAGES } from '../../src/services/identity/verify-otp.js';
import { TEST_ENCRYPTION_KEY, buildTestApp } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import {
  figureInfo,
  latestCode,
  LOGIN,
  mailbox,
  manualClock,
  startOtp,
  totpAt,
  verifyOtp,
  wrongCodeFor,
} from './sign-in.js';
import { closeTestApp } from '../helpers/test-app.js';

const LEGACY_2FA = SANDBOX_LEGACY_BORROWERS[1];
const TOTP_SECRET = LEGACY_2FA?.totpSecret ?? '';
const AGENT_2FA = 'agent-2fa@example.com';
const AGENT = 'agent@example.com';

describe('sign-in security', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const time = manualClock();
  const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
  /** SQL texts sent while `recording` is set. */
  let recording: string[] | null = null;

  const currentTotp = (offsetSteps = 0) => totpAt(TOTP_SECRET, time.clock(), offsetSteps);

  /** Moves to the start of a fresh TOTP step, so that the step's code is new to every path. */
  function nextTotpStep() {
    time.advance(TOTP_STEP_S * 1000);
  }

  function login(payload: Record<string, unknown>, remoteAddress: string) {
    return app.inject({ method: 'POST', url: LOGIN, payload, remoteAddress });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedIdentities({ db: database.db, cipher, sandbox: true, agentEmails: [] });
    await createPasswordIdentity(
      { db: database.db, cipher },
      { email: AGENT_2FA, password: 'pass_good', orgCode: 'default', totpSecret: TOTP_SECRET },
    );
    await provisionAgents(database.db, cipher, [AGENT_2FA]);
    await createPasswordIdentity(
      { db: database.db, cipher },
      { email: 'paced@example.com', password: 'pass_good', orgCode: 'default' },
    );
    // Every statement any pooled connection runs, while a test records.
    const wrapped = new WeakSet<pg.PoolClient>();
    database.pool.on('acquire', (client) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const [first] = args;
        const text = typeof first === 'string' ? first : (first as { text?: string }).text;
        recording?.push(String(text));
        return query(...args);
      };
    });
    app = await buildTestApp({ database, clock: time.clock });
  });
  afterAll(() => closeTestApp({ database, app }));

  describe('two-factor sign-in on the e-mailed code path', () => {
    it('asks a customer with two-factor on for the authenticator code, keeping the e-mailed code', async () => {
      nextTotpStep();
      const email = LEGACY_2FA?.email ?? '';
      await startOtp(app, email, { remoteAddress: '10.30.0.1' });
      const code = await latestCode(app, email);

      const without = await verifyOtp(app, { email, code }, { remoteAddress: '10.30.0.1' });
      expect(without.statusCode).toBe(401);
      expect(without.json()).toEqual({
        code: 'TOTP_REQUIRED',
        message: TOTP_MESSAGES.required,
        fieldErrors: { totp: [TOTP_MESSAGES.required] },
      });

      const wrong = await verifyOtp(
        app,
        { email, code, totp: wrongCodeFor(currentTotp()) },
        { remoteAddress: '10.30.0.1' },
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        code: 'INVALID_TOTP',
        fieldErrors: { totp: [TOTP_MESSAGES.wrong] },
      });

      // Asking for the second factor used nothing up: the same e-mailed code now works with it.
      const totp = currentTotp();
      const right = await verifyOtp(app, { email, code, totp }, { remoteAddress: '10.30.0.1' });
      expect(right.statusCode).toBe(200);
      const figure = await figureInfo(app, (right.json() as TPostOtpVerifyResponse).jwt);
      expect(figure.json()).toMatchObject({ email });

      // The authenticator code is spent on every path: neither a fresh e-mailed code nor the
      // password path takes it again.
      await startOtp(app, email, { remoteAddress: '10.30.0.1' });
      const replay = await verifyOtp(
        app,
        { email, code: await latestCode(app, email), totp },
        { remoteAddress: '10.30.0.1' },
      );
      expect(replay.json()).toMatchObject({ code: 'INVALID_TOTP' });
      const byPassword = await login({ email, password: 'pass_good', totp }, '10.30.0.2');
      expect(byPassword.json()).toMatchObject({ code: 'INVALID_TOTP' });
    });

    it('does not take a code already used on the password path', async () => {
      nextTotpStep();
      const email = LEGACY_2FA?.email ?? '';
      const totp = currentTotp();
      expect((await login({ email, password: 'pass_good', totp }, '10.30.1.1')).statusCode).toBe(
        200,
      );
      await startOtp(app, email, { remoteAddress: '10.30.1.2' });
      const response = await verifyOtp(
        app,
        { email, code: await latestCode(app, email), totp },
        { remoteAddress: '10.30.1.2' },
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_TOTP' });
    });

    it('counts wrong authenticator codes against the e-mailed code', async () => {
      nextTotpStep();
      const email = LEGACY_2FA?.email ?? '';
      await startOtp(app, email, { remoteAddress: '10.30.2.1' });
      const code = await latestCode(app, email);
      const wrongTotp = wrongCodeFor(currentTotp());
      for (let attempt = 1; attempt <= OTP_MAX_WRONG_ATTEMPTS; attempt += 1) {
        const response = await verifyOtp(
          app,
          { email, code, totp: wrongTotp },
          { remoteAddress: '10.30.2.1' },
        );
        expect(response.json()).toMatchObject({
          code: 'INVALID_TOTP',
          message:
            attempt === OTP_MAX_WRONG_ATTEMPTS
              ? TOTP_MESSAGES.wrongAndCodeBurnt
              : TOTP_MESSAGES.wrong,
        });
      }
      const right = await verifyOtp(
        app,
        { email, code, totp: currentTotp() },
        { remoteAddress: '10.30.2.1' },
      );
      expect(right.statusCode).toBe(429);
    });

    it('asks an agent with two-factor on for the authenticator code too', async () => {
      nextTotpStep();
      const options = { audience: 'agent' as const };
      await startOtp(app, AGENT_2FA, { ...options, remoteAddress: '10.30.3.1' });
      const code = await latestCode(app, AGENT_2FA);
      const without = await verifyOtp(
        app,
        { email: AGENT_2FA, code },
        { ...options, remoteAddress: '10.30.3.1' },
      );
      expect(without.statusCode).toBe(401);
      expect(without.json()).toMatchObject({ code: 'TOTP_REQUIRED' });
      const right = await verifyOtp(
        app,
        { email: AGENT_2FA, code, totp: currentTotp() },
        { ...options, remoteAddress: '10.30.3.1' },
      );
      expect(right.statusCode).toBe(200);
    });

    it('signs in an account without two-factor with the e-mailed code alone', async () => {
      await startOtp(app, 'one-factor@example.com', { remoteAddress: '10.30.4.1' });
      const code = await latestCode(app, 'one-factor@example.com');
      const response = await verifyOtp(
        app,
        { email: 'one-factor@example.com', code },
        { remoteAddress: '10.30.4.1' },
      );
      expect(response.statusCode).toBe(200);
    });
  });

  describe('limits that stop the attacker, not the person', () => {
    it.each(['customer', 'agent'] as const)(
      "never locks a %s out with someone else's wrong codes",
      async (audience) => {
        time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs);
        const email = audience === 'agent' ? AGENT : `owner-${audience}@example.com`;
        const attacker = { audience, remoteAddress: '10.40.0.1' };
        const owner = { audience, remoteAddress: '10.40.0.2' };
        expect((await startOtp(app, email, owner)).statusCode).toBe(204);

        const { max } = SIGN_IN_RATE_LIMITS.otpVerifyPerAddressAndIp;
        const answers: number[] = [];
        for (let index = 0; index <= max; index += 1) {
          answers.push((await verifyOtp(app, { email, code: '000000' }, attacker)).statusCode);
        }
        // The attacker burnt the code and then ran into its own limit.
        expect(answers.at(-1)).toBe(429);
        expect(answers).toContain(400);

        // The owner, from elsewhere, asks a fresh code, and it works at once.
        expect((await startOtp(app, email, owner)).statusCode).toBe(204);
        const fresh = await verifyOtp(app, { email, code: await latestCode(app, email) }, owner);
        expect(fresh.statusCode).toBe(200);
      },
    );

    it('still sends the owner a code when someone else asked for many', async () => {
      time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs);
      const email = 'flooded@example.com';
      const attacker = { remoteAddress: '10.41.0.1' };
      const spacing = SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs / 3;
      for (let index = 0; index < SIGN_IN_RATE_LIMITS.otpStartPerAddressAndIp.max; index += 1) {
        expect((await startOtp(app, email, attacker)).statusCode).toBe(204);
        time.advance(spacing);
      }
      expect((await startOtp(app, email, attacker)).statusCode).toBe(429);

      const owner = { remoteAddress: '10.41.0.2' };
      expect((await startOtp(app, email, owner)).statusCode).toBe(204);
      const verified = await verifyOtp(app, { email, code: await latestCode(app, email) }, owner);
      expect(verified.statusCode).toBe(200);
    });

    it("paces codes per device: others' requests never use up the owner's pace", async () => {
      time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs);
      const email = 'paced-codes@example.com';
      const { max, windowMs } = SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice;
      for (let index = 0; index < max; index += 1) {
        await startOtp(app, email, { remoteAddress: `10.42.0.${index + 1}` });
      }
      const owner = { remoteAddress: '10.42.1.1' };
      for (let index = 0; index < max; index += 1) {
        expect((await startOtp(app, email, owner)).statusCode).toBe(204);
      }
      // The owner's own device is paced: a wait of at most a minute.
      const slowed = await startOtp(app, email, owner);
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
      time.advance(windowMs);
      expect((await startOtp(app, email, owner)).statusCode).toBe(204);
      const verified = await verifyOtp(app, { email, code: await latestCode(app, email) }, owner);
      expect(verified.statusCode).toBe(200);
    });

    it("never locks the owner's password out with someone else's wrong passwords", async () => {
      const email = 'legacy@example.com';
      const { max } = SIGN_IN_RATE_LIMITS.passwordLoginPerAddressAndIp;
      for (let index = 0; index < max; index += 1) {
        expect((await login({ email, password: `guess-${index}` }, '10.43.0.1')).statusCode).toBe(
          401,
        );
      }
      expect((await login({ email, password: 'guess' }, '10.43.0.1')).statusCode).toBe(429);
      expect((await login({ email, password: 'pass_good' }, '10.43.0.2')).statusCode).toBe(200);
    });

    it('at most delays the password path of an address tried from many sources, never its code path', async () => {
      const email = 'paced@example.com';
      const { max, windowMs } = SIGN_IN_RATE_LIMITS.passwordLoginPerAddress;
      for (let index = 0; index < max; index += 1) {
        await login({ email, password: `guess-${index}` }, `10.44.0.${index + 1}`);
      }
      const delayed = await login({ email, password: 'pass_good' }, '10.44.1.1');
      expect(delayed.statusCode).toBe(429);
      expect(Number(delayed.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);

      time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs);
      expect((await startOtp(app, email, { remoteAddress: '10.44.1.1' })).statusCode).toBe(204);
      const byCode = await verifyOtp(
        app,
        { email, code: await latestCode(app, email) },
        { remoteAddress: '10.44.1.1' },
      );
      expect(byCode.statusCode).toBe(200);

      time.advance(windowMs);
      expect((await login({ email, password: 'pass_good' }, '10.44.1.1')).statusCode).toBe(200);
    });
  });

  describe('agent code requests', () => {
    async function statementsOf(email: string, remoteAddress: string): Promise<string[]> {
      recording = [];
      const response = await startOtp(app, email, { audience: 'agent', remoteAddress });
      const statements = recording;
      recording = null;
      expect(response.statusCode).toBe(204);
      return statements;
    }

    it('does the same database work for a provisioned and an unknown address', async () => {
      time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs);
      const known = await statementsOf(AGENT, '10.50.0.1');
      const unknown = await statementsOf('not-an-agent@example.com', '10.50.0.2');
      const isOutbox = (text: string) =>
        /insert into "outbox"|graphile_worker\.add_job/i.test(text);

      // Only the queued e-mail differs (its outbox row and its delivery job): nothing is queued
      // for an unknown address.
      expect(known.filter(isOutbox)).toHaveLength(2);
      expect(unknown.filter(isOutbox)).toHaveLength(0);
      expect(unknown).toEqual(known.filter((text) => !isOutbox(text)));
      expect(await mailbox(app, 'not-an-agent@example.com')).toHaveLength(0);
    });

    it('stores a challenge for an unknown address that no code ever verifies', async () => {
      time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice.windowMs);
      const email = 'never-an-agent@example.com';
      await startOtp(app, email, { audience: 'agent', remoteAddress: '10.51.0.1' });
      const response = await verifyOtp(
        app,
        { email, code: '123456' },
        { audience: 'agent', remoteAddress: '10.51.0.1' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CODE', message: OTP_MESSAGES.wrong });
    });
  });
});
