/** Changing the sign-in address by proof: a code to the new address, the old one told, undo. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGetIdentityResponse } from '@pledge/contract';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { ALIAS_CONFIRM_MESSAGES } from '../../src/services/identity/confirm-identity-alias.js';
import { provisionAgents } from '../../src/services/identity/agents.js';
import {
  EMAIL_CHANGE_CODE_TTL_MS,
  EMAIL_CHANGE_UNDO_TTL_MS,
  OTP_MAX_WRONG_ATTEMPTS,
} from '../../src/services/identity/sign-in-limits.js';
import { UNDO_EMAIL_CHANGE_MESSAGES } from '../../src/services/identity/undo-email-change.js';
import { buildTestApp, TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import {
  ALIAS,
  bearer,
  figureInfo,
  IDENTITY,
  latestCode,
  mailbox,
  manualClock,
  signIn,
  STEP_UP,
  wrongCodeFor,
} from './sign-in.js';
import { closeTestApp } from '../helpers/test-app.js';

const CONFIRM = '/identity/secure/api/v1/identity/alias/confirm';
const UNDO = '/identity/api/v1/identity/alias/undo';
const CHANGE_CODE = /sign-in address is (\d{6})\./;
const STEP_UP_CODE = /sign-in address changes, is (\d{6})\./;
const UNDO_TOKEN = /undoEmailChange=([A-Za-z0-9_-]+)/;

describe('changing the sign-in address', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const time = manualClock();
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    await provisionAgents(database.db, createFieldCipher(TEST_ENCRYPTION_KEY), [
      'agent@example.com',
    ]);
    app = await buildTestApp({ database, clock: time.clock });
  });
  afterAll(() => closeTestApp({ database, app }));

  /** A signed-in customer of its own, from its own source address. */
  async function customer(name: string) {
    counter += 1;
    const email = `${name}-${counter}@example.com`;
    const remoteAddress = `10.60.${counter}.1`;
    const jwt = await signIn(app, email, { remoteAddress });
    return { email, jwt, remoteAddress };
  }

  /** Asks for a new address with the step-up these accounts give: a code to the current one. */
  async function put(jwt: string, value: string) {
    const current = ((await figureOf(jwt)).json() as { email: string }).email;
    const stepUp = await app.inject({ method: 'POST', url: STEP_UP, headers: bearer(jwt) });
    expect(stepUp.json()).toEqual({ method: 'email-code' });
    const stepUpCode = await latestCode(app, current, STEP_UP_CODE);
    return app.inject({
      method: 'PUT',
      url: ALIAS,
      headers: bearer(jwt),
      payload: { type: 'Email', value, stepUpCode },
    });
  }

  function confirm(jwt: string, payload: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: CONFIRM, headers: bearer(jwt), payload });
  }

  /** Moves the sign-in address to `value`: asked for, then confirmed with the code sent there. */
  async function changeEmail(jwt: string, value: string) {
    await put(jwt, value);
    await confirm(jwt, { type: 'Email', value, code: await latestCode(app, value, CHANGE_CODE) });
  }

  function undo(token: unknown) {
    return app.inject({ method: 'POST', url: UNDO, payload: { token } });
  }

  const figureOf = (jwt: string) => figureInfo(app, jwt);

  async function undoTokenFor(oldEmail: string): Promise<string> {
    const [message] = await mailbox(app, oldEmail);
    const token = UNDO_TOKEN.exec(message?.text ?? '')?.[1];
    if (token === undefined) throw new Error(`No undo link was e-mailed to ${oldEmail}`);
    return token;
  }

  it('answers alike for a taken and a free address, changes nothing and sends a code', async () => {
    const attacker = await customer('attacker');
    const victim = await customer('victim');
    const free = `free-${counter}@example.com`;

    const taken = await put(attacker.jwt, victim.email);
    const untaken = await put(attacker.jwt, free);
    expect(taken.statusCode).toBe(200);
    expect(untaken.statusCode).toBe(200);
    expect(taken.json()).toEqual(untaken.json());
    expect((taken.json() as TGetIdentityResponse).aliases).toEqual([
      { type: 'Email', value: attacker.email },
    ]);
    expect((await figureOf(attacker.jwt)).json()).toMatchObject({ email: attacker.email });

    // The code goes to the address named, never to the caller.
    expect(await latestCode(app, victim.email, CHANGE_CODE)).toMatch(/^\d{6}$/);
    expect(await latestCode(app, free, CHANGE_CODE)).toMatch(/^\d{6}$/);
  });

  it("cannot take someone else's address: the victim still signs in to their own identity", async () => {
    const attacker = await customer('attacker');
    const victim = await customer('victim');
    const victimUuid = ((await figureOf(victim.jwt)).json() as { identityUuid: string })
      .identityUuid;

    await put(attacker.jwt, victim.email);
    const guessed = await confirm(attacker.jwt, {
      type: 'Email',
      value: victim.email,
      code: '000000',
    });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toMatchObject({
      code: 'INVALID_CODE',
      fieldErrors: { code: [ALIAS_CONFIRM_MESSAGES.wrong] },
    });

    const again = await signIn(app, victim.email, { remoteAddress: victim.remoteAddress });
    expect((await figureOf(again)).json()).toMatchObject({
      identityUuid: victimUuid,
      email: victim.email,
    });
    expect((await figureOf(attacker.jwt)).json()).toMatchObject({ email: attacker.email });
  });

  it('changes the address with the code, tells the old one and ends every other session', async () => {
    const person = await customer('mover');
    const other = await signIn(app, person.email, { remoteAddress: person.remoteAddress });
    const newEmail = `moved-${counter}@example.com`;
    await put(person.jwt, newEmail);
    const code = await latestCode(app, newEmail, CHANGE_CODE);

    const response = await confirm(person.jwt, { type: 'Email', value: newEmail, code });
    expect(response.statusCode).toBe(200);
    expect((response.json() as TGetIdentityResponse).aliases[0]).toEqual({
      type: 'Email',
      value: newEmail,
    });
    expect((await figureOf(person.jwt)).json()).toMatchObject({ email: newEmail });
    expect((await figureOf(other)).statusCode).toBe(401);

    const [notice] = await mailbox(app, person.email);
    expect(notice?.subject).toContain('sign-in address was changed');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).toMatch(UNDO_TOKEN);

    // The code worked once.
    const reused = await confirm(person.jwt, { type: 'Email', value: newEmail, code });
    expect(reused.statusCode).toBe(400);
  });

  it('undoes a change from the old address: restored, everyone signed out, once', async () => {
    const person = await customer('undone');
    const newEmail = `hijacked-${counter}@example.com`;
    await changeEmail(person.jwt, newEmail);
    const token = await undoTokenFor(person.email);

    const restored = await undo(token);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ email: person.email });
    expect((await figureOf(person.jwt)).statusCode).toBe(401);
    const back = await signIn(app, person.email, { remoteAddress: person.remoteAddress });
    expect((await figureOf(back)).json()).toMatchObject({ email: person.email });

    const twice = await undo(token);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      fieldErrors: { token: [UNDO_EMAIL_CHANGE_MESSAGES.invalid] },
    });
  });

  it('voids the undo of a later change once an earlier change is undone', async () => {
    const person = await customer('chain');
    const second = `second-${counter}@example.com`;
    const third = `third-${counter}@example.com`;
    await changeEmail(person.jwt, second);
    await changeEmail(person.jwt, third);
    const laterUndo = await undoTokenFor(second);
    expect((await undo(await undoTokenFor(person.email))).statusCode).toBe(200);
    expect((await undo(laterUndo)).statusCode).toBe(400);
  });

  it('refuses an undo link past its life', async () => {
    const person = await customer('late-undo');
    const newEmail = `late-${counter}@example.com`;
    await changeEmail(person.jwt, newEmail);
    time.advance(EMAIL_CHANGE_UNDO_TTL_MS + 1_000);
    expect((await undo(await undoTokenFor(person.email))).statusCode).toBe(400);
  });

  it('refuses at confirmation an address taken meanwhile, changing nothing', async () => {
    const person = await customer('slow');
    const contested = `contested-${counter}@example.com`;
    await put(person.jwt, contested);
    const code = await latestCode(app, contested, CHANGE_CODE);
    await signIn(app, contested, { remoteAddress: '10.61.0.1' });

    const response = await confirm(person.jwt, { type: 'Email', value: contested, code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ALIAS_UNAVAILABLE',
      fieldErrors: { value: [ALIAS_CONFIRM_MESSAGES.unavailable] },
    });
    expect((await figureOf(person.jwt)).json()).toMatchObject({ email: person.email });
    expect(await mailbox(app, person.email)).toHaveLength(2); // its sign-in and step-up codes
  });

  it("never takes a provisioned agent's address, even with its code", async () => {
    const person = await customer('would-be-agent');
    await put(person.jwt, 'agent@example.com');
    const code = await latestCode(app, 'agent@example.com', CHANGE_CODE);
    const response = await confirm(person.jwt, {
      type: 'Email',
      value: 'agent@example.com',
      code,
    });
    expect(response.statusCode).toBe(409);
    expect((await figureOf(person.jwt)).json()).toMatchObject({ email: person.email });
  });

  it('needs the address the code was sent to', async () => {
    const person = await customer('switcher');
    const asked = `asked-${counter}@example.com`;
    await put(person.jwt, asked);
    const code = await latestCode(app, asked, CHANGE_CODE);
    const response = await confirm(person.jwt, {
      type: 'Email',
      value: `other-${counter}@example.com`,
      code,
    });
    expect(response.statusCode).toBe(400);
    expect((await confirm(person.jwt, { type: 'Email', value: asked, code })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const person = await customer('expired');
    const newEmail = `new-of-expired-${counter}@example.com`;
    await put(person.jwt, newEmail);
    const code = await latestCode(app, newEmail, CHANGE_CODE);
    time.advance(EMAIL_CHANGE_CODE_TTL_MS + 1_000);
    const response = await confirm(person.jwt, { type: 'Email', value: newEmail, code });
    expect(response.json()).toMatchObject({ message: ALIAS_CONFIRM_MESSAGES.expired });
  });

  it('burns the code after the last allowed wrong try', async () => {
    const person = await customer('guesser');
    const newEmail = `guessed-${counter}@example.com`;
    await put(person.jwt, newEmail);
    const code = await latestCode(app, newEmail, CHANGE_CODE);
    for (let attempt = 1; attempt <= OTP_MAX_WRONG_ATTEMPTS; attempt += 1) {
      const response = await confirm(person.jwt, {
        type: 'Email',
        value: newEmail,
        code: wrongCodeFor(code),
      });
      expect(response.statusCode).toBe(400);
    }
    const right = await confirm(person.jwt, { type: 'Email', value: newEmail, code });
    expect(right.statusCode).toBe(429);
    expect((await figureOf(person.jwt)).json()).toMatchObject({ email: person.email });
  });

  it('takes only the newest pending change', async () => {
    const person = await customer('twice');
    const first = `first-${counter}@example.com`;
    const second = `second-choice-${counter}@example.com`;
    await put(person.jwt, first);
    const firstCode = await latestCode(app, first, CHANGE_CODE);
    await put(person.jwt, second);
    const stale = await confirm(person.jwt, { type: 'Email', value: first, code: firstCode });
    expect(stale.statusCode).toBe(400);
  });

  it('takes the newest pending change after the clock went back', async () => {
    const person = await customer('skewed');
    const first = `ahead-${counter}@example.com`;
    const second = `current-${counter}@example.com`;
    // Ahead, then back, within the session's idle timeout (the session stays).
    const shift = 20 * 60_000;
    time.advance(shift);
    expect((await put(person.jwt, first)).statusCode).toBe(200);
    const aheadCode = await latestCode(app, first, CHANGE_CODE);
    time.advance(-shift);
    expect((await put(person.jwt, second)).statusCode).toBe(200);
    const code = await latestCode(app, second, CHANGE_CODE);

    const stale = await confirm(person.jwt, { type: 'Email', value: first, code: aheadCode });
    expect(stale.statusCode).toBe(400);
    const confirmed = await confirm(person.jwt, { type: 'Email', value: second, code });
    expect(confirmed.statusCode).toBe(200);
    expect((await figureOf(person.jwt)).json()).toMatchObject({ email: second });
  });

  it.each([
    [{ type: 'Email', value: 'new@example.com', code: '12' }, 'code'],
    [{ type: 'Email', value: 'not-an-address', code: '123456' }, 'value'],
    [{ type: 'Phone', value: '2125550123', code: '123456' }, 'type'],
  ])('answers 400 with field messages to %j', async (payload, field) => {
    const person = await customer('typo');
    const response = await confirm(person.jwt, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { [field]: [expect.any(String)] },
    });
  });

  it('needs a customer token to confirm, and a well-formed token to undo', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: CONFIRM,
      payload: { type: 'Email', value: 'x@example.com', code: '123456' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const token of [undefined, 'short', 'x'.repeat(200), 42]) {
      const response = await undo(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fieldErrors: { token: [expect.any(String)] } });
    }
    expect((await undo('A'.repeat(43))).statusCode).toBe(400);
  });

  it('keeps the legacy identity endpoint answering the current address', async () => {
    const person = await customer('reader');
    const response = await app.inject({
      method: 'GET',
      url: IDENTITY,
      headers: bearer(person.jwt),
    });
    expect((response.json() as TGetIdentityResponse).aliases[0]?.value).toBe(person.email);
  });
});
