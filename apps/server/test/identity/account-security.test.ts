/**
 * Finding 7 of the security review, replayed against the real server: a stolen session alone can
 * no longer start a change of sign-in address (a step-up is asked in the same request), and a
 * person sees their sessions and signs one or all of them out, on every instance at once.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TGetIdentitySessionsResponse } from '@pledge/contract';
import { emailChanges, sessions } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { createPasswordIdentity } from '../../src/services/identity/create-password-identity.js';
import { SESSION_NOT_FOUND } from '../../src/services/identity/end-session.js';
import { STEP_UP_MESSAGES } from '../../src/services/identity/step-up.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { type TTestDatabase } from '../helpers/db.js';
import {
  ALIAS,
  bearer,
  brokerPath,
  figureInfo,
  latestCode,
  LOGIN,
  mailbox,
  manualClock,
  signIn,
  STEP_UP,
  totpAt,
} from './sign-in.js';
import { closeTestApp, openTestApp } from '../helpers/test-app.js';

const SESSIONS = '/identity/secure/api/v1/identity/sessions';
const SIGN_OUT_EVERYWHERE = '/identity/secure/api/v1/identity/sessions/end';
const STEP_UP_CODE = /sign-in address changes, is (\d{6})\./;
const TOTP_SECRET = 'ONQW4ZDCN54C25DPORYC243FMNZGK5BB';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('account security', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const time = manualClock();
  const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
  let counter = 0;

  beforeAll(async () => ({ database, app } = await openTestApp({ clock: time.clock })));
  afterAll(() => closeTestApp({ database, app }));

  async function customer(name: string) {
    counter += 1;
    const email = `${name}-${counter}@example.com`;
    const remoteAddress = `10.80.${counter}.1`;
    const jwt = await signIn(app, email, { remoteAddress });
    const figure = await figureInfo(app, jwt);
    return {
      email,
      jwt,
      remoteAddress,
      uuid: (figure.json() as { identityUuid: string }).identityUuid,
    };
  }

  function putEmail(jwt: string, payload: Record<string, unknown>, remoteAddress = '10.99.0.1') {
    return app.inject({
      method: 'PUT',
      url: ALIAS,
      headers: bearer(jwt),
      payload: { type: 'Email', ...payload },
      remoteAddress,
    });
  }

  async function pendingChangesOf(identityUuid: string) {
    return database.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.identityUuid, identityUuid));
  }

  describe('step-up before a change of sign-in address', () => {
    it('refuses a stolen session alone, from another address, with a clear message and no row', async () => {
      const victim = await customer('victim');
      const attackerEmail = `thief-${counter}@example.com`;

      const refused = await putEmail(victim.jwt, { value: attackerEmail });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'STEP_UP_REQUIRED',
        message: STEP_UP_MESSAGES.codeRequired,
        fieldErrors: { stepUpCode: [STEP_UP_MESSAGES.codeRequired] },
      });
      const guessed = await putEmail(victim.jwt, { value: attackerEmail, stepUpCode: '000000' });
      expect(guessed.statusCode).toBe(400);
      expect(guessed.json()).toMatchObject({
        code: 'INVALID_STEP_UP',
        fieldErrors: { stepUpCode: [STEP_UP_MESSAGES.codeExpired] },
      });

      // The code the thief may ask for goes to the victim's address, never the thief's.
      const begun = await app.inject({ method: 'POST', url: STEP_UP, headers: bearer(victim.jwt) });
      expect(begun.json()).toEqual({ method: 'email-code' });
      const wrong = await putEmail(victim.jwt, { value: attackerEmail, stepUpCode: '000000' });
      expect(wrong.json()).toMatchObject({
        fieldErrors: { stepUpCode: [STEP_UP_MESSAGES.codeWrong] },
      });

      expect(await pendingChangesOf(victim.uuid)).toEqual([]);
      expect(await mailbox(app, attackerEmail)).toEqual([]);
    });

    it('takes the code e-mailed to the current address, once', async () => {
      const person = await customer('mover');
      const newEmail = `moved-${counter}@example.com`;
      await app.inject({ method: 'POST', url: STEP_UP, headers: bearer(person.jwt) });
      const stepUpCode = await latestCode(app, person.email, STEP_UP_CODE);

      const accepted = await putEmail(person.jwt, { value: newEmail, stepUpCode });
      expect(accepted.statusCode).toBe(200);
      expect(await pendingChangesOf(person.uuid)).toHaveLength(1);
      expect(await mailbox(app, newEmail)).toHaveLength(1);

      const replayed = await putEmail(person.jwt, {
        value: `again-${counter}@example.com`,
        stepUpCode,
      });
      expect(replayed.statusCode).toBe(400);
      expect(await pendingChangesOf(person.uuid)).toHaveLength(1);
    });

    it('takes the newest code after the clock went back', async () => {
      const person = await customer('skewed');
      const newEmail = `skewed-moved-${counter}@example.com`;
      // Ahead, then back, within the session's idle timeout (the session stays).
      const shift = 20 * 60_000;
      time.advance(shift);
      await app.inject({ method: 'POST', url: STEP_UP, headers: bearer(person.jwt) });
      const ahead = await latestCode(app, person.email, STEP_UP_CODE);
      time.advance(-shift);
      await app.inject({ method: 'POST', url: STEP_UP, headers: bearer(person.jwt) });
      const stepUpCode = await latestCode(app, person.email, STEP_UP_CODE);

      if (ahead !== stepUpCode) {
        const stale = await putEmail(person.jwt, { value: newEmail, stepUpCode: ahead });
        expect(stale.json()).toMatchObject({
          fieldErrors: { stepUpCode: [STEP_UP_MESSAGES.codeWrong] },
        });
      }
      const accepted = await putEmail(person.jwt, { value: newEmail, stepUpCode });
      expect(accepted.statusCode).toBe(200);
      expect(await pendingChangesOf(person.uuid)).toHaveLength(1);
    });

    it('asks an account with a password for it, and sends it no code', async () => {
      counter += 1;
      const email = `password-${counter}@example.com`;
      const uuid = await createPasswordIdentity(
        { db: database.db, cipher },
        { email, password: 'pass_good', orgCode: 'default' },
      );
      const login = await app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email, password: 'pass_good' },
        remoteAddress: `10.81.${counter}.1`,
      });
      const { jwt } = login.json() as { jwt: string };

      const begun = await app.inject({ method: 'POST', url: STEP_UP, headers: bearer(jwt) });
      expect(begun.json()).toEqual({ method: 'password' });
      expect(await mailbox(app, email)).toEqual([]);

      const newEmail = `password-moved-${counter}@example.com`;
      const without = await putEmail(jwt, { value: newEmail });
      expect(without.statusCode).toBe(403);
      expect(without.json()).toMatchObject({
        fieldErrors: { password: [STEP_UP_MESSAGES.passwordRequired] },
      });
      const wrong = await putEmail(jwt, { value: newEmail, password: 'pass_bad' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        fieldErrors: { password: [STEP_UP_MESSAGES.passwordWrong] },
      });
      expect(await pendingChangesOf(uuid ?? '')).toEqual([]);

      const right = await putEmail(jwt, { value: newEmail, password: 'pass_good' });
      expect(right.statusCode).toBe(200);
      expect(await pendingChangesOf(uuid ?? '')).toHaveLength(1);
    });

    it('asks an account with two-factor on for its authenticator code, not its password', async () => {
      counter += 1;
      const email = `two-factor-${counter}@example.com`;
      const uuid = await createPasswordIdentity(
        { db: database.db, cipher },
        { email, password: 'pass_good', orgCode: 'default', totpSecret: TOTP_SECRET },
      );
      if (uuid === null) throw new Error('no identity');
      const currentTotp = () => totpAt(TOTP_SECRET, time.clock());
      const login = await app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email, password: 'pass_good', totp: currentTotp() },
        remoteAddress: `10.83.${counter}.1`,
      });
      const { jwt } = login.json() as { jwt: string };
      time.advance(30_000);

      const begun = await app.inject({ method: 'POST', url: STEP_UP, headers: bearer(jwt) });
      expect(begun.json()).toEqual({ method: 'totp' });
      const newEmail = `two-factor-moved-${counter}@example.com`;
      const byPassword = await putEmail(jwt, { value: newEmail, password: 'pass_good' });
      expect(byPassword.statusCode).toBe(403);
      expect(byPassword.json()).toMatchObject({
        fieldErrors: { totp: [STEP_UP_MESSAGES.totpRequired] },
      });
      expect(await pendingChangesOf(uuid)).toEqual([]);

      const right = await putEmail(jwt, { value: newEmail, totp: currentTotp() });
      expect(right.statusCode).toBe(200);
      expect(await pendingChangesOf(uuid)).toHaveLength(1);
    });

    it('asks no step-up for a phone, which is no sign-in factor', async () => {
      const person = await customer('phone');
      const response = await app.inject({
        method: 'PUT',
        url: ALIAS,
        headers: bearer(person.jwt),
        payload: { type: 'Phone', value: '2125550123' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('needs a token to begin a step-up', async () => {
      expect((await app.inject({ method: 'POST', url: STEP_UP })).statusCode).toBe(401);
    });
  });

  describe('sessions', () => {
    async function signInWith(email: string, userAgent: string) {
      const start = await app.inject({
        method: 'POST',
        url: brokerPath('customer', '/api/v3/otp/start'),
        payload: { email },
        remoteAddress: '10.82.0.1',
      });
      expect(start.statusCode).toBe(204);
      const verified = await app.inject({
        method: 'POST',
        url: brokerPath('customer', '/api/v3/otp/verify'),
        payload: { email, code: await latestCode(app, email), nonce: 'beefbeefbeefbeefbeef' },
        headers: { 'user-agent': userAgent },
        remoteAddress: '10.82.0.1',
      });
      return (verified.json() as { jwt: string }).jwt;
    }

    async function list(jwt: string) {
      const response = await app.inject({ method: 'GET', url: SESSIONS, headers: bearer(jwt) });
      expect(response.statusCode).toBe(200);
      return (response.json() as TGetIdentitySessionsResponse).sessions;
    }

    const figure = (jwt: string) => figureInfo(app, jwt);

    it('lists the open sessions with their device and this one marked, and no token material', async () => {
      counter += 1;
      const email = `devices-${counter}@example.com`;
      const laptop = await signInWith(email, FIREFOX);
      time.advance(1000);
      const phone = await signInWith(email, IPHONE);

      const seen = await list(phone);
      expect(seen.map((session) => [session.deviceLabel, session.isCurrent])).toEqual([
        ['Safari on iOS', true],
        ['Firefox on Windows', false],
      ]);
      const rows = await database.db.select({ jti: sessions.jti }).from(sessions);
      const body = JSON.stringify(seen);
      for (const row of rows) expect(body).not.toContain(row.jti);
      expect(body).not.toContain(laptop.split('.')[2] ?? 'none');
    });

    it('signs out one session on the spot; another person cannot', async () => {
      counter += 1;
      const email = `one-out-${counter}@example.com`;
      const laptop = await signInWith(email, FIREFOX);
      const phone = await signInWith(email, IPHONE);
      const other = await customer('stranger');
      const laptopId = (await list(laptop)).find((session) => session.isCurrent)?.sessionId ?? '';

      const byStranger = await app.inject({
        method: 'DELETE',
        url: `${SESSIONS}/${laptopId}`,
        headers: bearer(other.jwt),
      });
      expect(byStranger.statusCode).toBe(404);
      expect(byStranger.json()).toMatchObject({ message: SESSION_NOT_FOUND });
      expect((await figure(laptop)).statusCode).toBe(200);

      const ended = await app.inject({
        method: 'DELETE',
        url: `${SESSIONS}/${laptopId}`,
        headers: bearer(phone),
      });
      expect(ended.statusCode).toBe(204);
      expect((await figure(laptop)).statusCode).toBe(401);
      expect((await figure(phone)).statusCode).toBe(200);
      expect(await list(phone)).toHaveLength(1);

      const again = await app.inject({
        method: 'DELETE',
        url: `${SESSIONS}/${laptopId}`,
        headers: bearer(phone),
      });
      expect(again.statusCode).toBe(404);
      const malformed = await app.inject({
        method: 'DELETE',
        url: `${SESSIONS}/not*an*id`,
        headers: bearer(phone),
      });
      expect(malformed.statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: SESSIONS })).statusCode).toBe(401);
    });

    it('signs out everywhere, this device too, and nobody else', async () => {
      counter += 1;
      const email = `everywhere-${counter}@example.com`;
      const laptop = await signInWith(email, FIREFOX);
      const phone = await signInWith(email, IPHONE);
      const other = await customer('bystander');

      const response = await app.inject({
        method: 'POST',
        url: SIGN_OUT_EVERYWHERE,
        headers: bearer(phone),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ redirectUrl: expect.stringMatching(/^\/auth\/login/) });
      expect((await figure(laptop)).statusCode).toBe(401);
      expect((await figure(phone)).statusCode).toBe(401);
      expect((await figure(other.jwt)).statusCode).toBe(200);
    });
  });
});
