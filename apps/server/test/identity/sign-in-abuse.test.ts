/**
 * Finding 7 of the security review, replayed against the real server from two source addresses:
 * someone else's wrong guesses and new code requests for the owner's address neither burn nor
 * replace the owner's outstanding code, nor use up the owner's device's pace, for either audience.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { TSignInAudience } from '@pledge/domain';
import { otpChallenges } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { provisionAgents } from '../../src/services/identity/agents.js';
import { digestEmail } from '../../src/services/identity/email-address.js';
import {
  OTP_MAX_WRONG_ATTEMPTS,
  SIGN_IN_RATE_LIMITS,
} from '../../src/services/identity/sign-in-limits.js';
import { OTP_MESSAGES } from '../../src/services/identity/verify-otp.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { type TTestDatabase } from '../helpers/db.js';
import { latestCode, manualClock, startOtp, verifyOtp, wrongCodeFor } from './sign-in.js';
import { closeTestApp, openTestApp } from '../helpers/test-app.js';

const VICTIM_NONCE = 'f1c7f1c7f1c7f1c7f1c7f1c7f1c7f1c7';
const ATTACKER_NONCE = 'a77ac4e2a77ac4e2a77ac4e2a77ac4e2';
const AUDIENCES = ['customer', 'agent'] as const satisfies readonly TSignInAudience[];

describe('sign-in abuse from another device', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const time = manualClock();
  let counter = 0;

  beforeAll(async () => ({ database, app } = await openTestApp({ clock: time.clock })));
  afterAll(() => closeTestApp({ database, app }));

  /** A fresh address of the audience (agents provisioned), and two source addresses. */
  async function scene(audience: TSignInAudience) {
    counter += 1;
    time.advance(SIGN_IN_RATE_LIMITS.otpStartPerAddressAndIp.windowMs);
    const email = `${audience}-victim-${counter}@example.com`;
    if (audience === 'agent')
      await provisionAgents(database.db, createFieldCipher(TEST_ENCRYPTION_KEY), [email]);
    const victim = { audience, remoteAddress: `10.70.${counter}.1` };
    const attacker = { audience, remoteAddress: `10.71.${counter}.1` };
    return { email, victim, attacker };
  }

  const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);

  /** The codes of one address, as stored. */
  async function challengeRows(email: string) {
    return database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.emailDigest, digestEmail(cipher, email)))
      .orderBy(asc(otpChallenges.createdAt));
  }

  it.each(AUDIENCES)(
    "another device's wrong guesses never count against, burn or lock the %s's code",
    async (audience) => {
      const { email, victim, attacker } = await scene(audience);
      expect((await startOtp(app, email, { ...victim, nonce: VICTIM_NONCE })).statusCode).toBe(204);
      const code = await latestCode(app, email);
      const before = await challengeRows(email);

      const answers: number[] = [];
      for (let index = 0; index <= SIGN_IN_RATE_LIMITS.otpVerifyPerAddressAndIp.max; index += 1) {
        const guess = await verifyOtp(
          app,
          { email, code: wrongCodeFor(code), nonce: ATTACKER_NONCE },
          attacker,
        );
        answers.push(guess.statusCode);
      }
      // The attacker ran into its own limit, having touched nothing of the owner's.
      expect(answers.slice(0, -1).every((status) => status === 400)).toBe(true);
      expect(answers.at(-1)).toBe(429);
      expect(await challengeRows(email)).toEqual(before);

      // The right code from another device does not work either: it is bound to the owner's.
      const stolen = await verifyOtp(
        app,
        { email, code, nonce: ATTACKER_NONCE },
        {
          audience,
          remoteAddress: `10.72.${counter}.1`,
        },
      );
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json()).toMatchObject({ fieldErrors: { code: [OTP_MESSAGES.wrong] } });

      const signedIn = await verifyOtp(app, { email, code, nonce: VICTIM_NONCE }, victim);
      expect(signedIn.statusCode).toBe(200);
    },
  );

  it.each(AUDIENCES)(
    "another device's code requests neither replace the %s's code nor use up its pace",
    async (audience) => {
      const { email, victim, attacker } = await scene(audience);
      expect((await startOtp(app, email, { ...victim, nonce: VICTIM_NONCE })).statusCode).toBe(204);
      const code = await latestCode(app, email);

      // As many requests as the attacker's source may make, each from a new device.
      const { max } = SIGN_IN_RATE_LIMITS.otpStartPerAddressAndIp;
      for (let index = 0; index < max; index += 1) {
        const nonce = `${ATTACKER_NONCE}${index}`;
        expect((await startOtp(app, email, { ...attacker, nonce })).statusCode).toBe(204);
      }
      expect((await startOtp(app, email, attacker)).statusCode).toBe(429);
      const open = (await challengeRows(email)).filter((row) => row.closedAt === null);
      expect(open).toHaveLength(max + 1);

      // The owner's code still works; so does the owner's own pace, untouched.
      const signedIn = await verifyOtp(app, { email, code, nonce: VICTIM_NONCE }, victim);
      expect(signedIn.statusCode).toBe(200);
      // One request of its pace is spent already.
      const { max: pace } = SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice;
      for (let index = 1; index < pace; index += 1) {
        expect((await startOtp(app, email, { ...victim, nonce: VICTIM_NONCE })).statusCode).toBe(
          204,
        );
      }
      const again = await verifyOtp(
        app,
        { email, code: await latestCode(app, email), nonce: VICTIM_NONCE },
        victim,
      );
      expect(again.statusCode).toBe(200);
    },
  );

  it("on a shared network, a request without a nonce never stands in front of the owner's code", async () => {
    const { email, victim } = await scene('customer');
    expect((await startOtp(app, email, { ...victim, nonce: VICTIM_NONCE })).statusCode).toBe(204);
    const code = await latestCode(app, email);
    // Someone else behind the same address asks without a nonce, after the owner.
    time.advance(1000);
    expect((await startOtp(app, email, victim)).statusCode).toBe(204);

    const signedIn = await verifyOtp(app, { email, code, nonce: VICTIM_NONCE }, victim);
    expect(signedIn.statusCode).toBe(200);
  });

  it("a device's own new request still replaces its earlier code", async () => {
    const { email, victim } = await scene('customer');
    await startOtp(app, email, { ...victim, nonce: VICTIM_NONCE });
    const first = await latestCode(app, email);
    await startOtp(app, email, { ...victim, nonce: VICTIM_NONCE });
    const second = await latestCode(app, email);
    if (first !== second) {
      const old = await verifyOtp(app, { email, code: first, nonce: VICTIM_NONCE }, victim);
      expect(old.statusCode).toBe(400);
    }
    const used = await verifyOtp(app, { email, code: second, nonce: VICTIM_NONCE }, victim);
    expect(used.statusCode).toBe(200);
  });

  it('burns its own code per device after the allowed wrong tries', async () => {
    const { email, attacker } = await scene('customer');
    await startOtp(app, email, { ...attacker, nonce: ATTACKER_NONCE });
    const code = await latestCode(app, email);
    for (let attempt = 1; attempt <= OTP_MAX_WRONG_ATTEMPTS; attempt += 1) {
      await verifyOtp(app, { email, code: wrongCodeFor(code), nonce: ATTACKER_NONCE }, attacker);
    }
    const right = await verifyOtp(app, { email, code, nonce: ATTACKER_NONCE }, attacker);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ message: OTP_MESSAGES.burnt });
  });

  it("past the address's ceiling of misses every miss burns its code, and the owner still signs in", async () => {
    const { email, victim } = await scene('customer');
    expect((await startOtp(app, email, { ...victim, nonce: VICTIM_NONCE })).statusCode).toBe(204);
    const victimCode = await latestCode(app, email);

    // Misses from many sources, each on codes of its own, up to the address's ceiling.
    const ceiling = SIGN_IN_RATE_LIMITS.otpMissesPerAddress.max;
    const perCode = OTP_MAX_WRONG_ATTEMPTS;
    let misses = 0;
    for (let source = 1; misses < ceiling; source += 1) {
      const attacker = { remoteAddress: `10.73.${source}.1` };
      const nonce = `${ATTACKER_NONCE}-${source}`;
      await startOtp(app, email, { ...attacker, nonce });
      const code = await latestCode(app, email);
      for (let index = 0; index < perCode && misses < ceiling; index += 1) {
        await verifyOtp(app, { email, code: wrongCodeFor(code), nonce }, attacker);
        misses += 1;
      }
    }

    // A new device gets one try on its code, not OTP_MAX_WRONG_ATTEMPTS.
    const late = { remoteAddress: '10.74.0.1' };
    await startOtp(app, email, { ...late, nonce: ATTACKER_NONCE });
    const lateCode = await latestCode(app, email);
    const miss = await verifyOtp(
      app,
      { email, code: wrongCodeFor(lateCode), nonce: ATTACKER_NONCE },
      late,
    );
    expect(miss.json()).toMatchObject({ fieldErrors: { code: [OTP_MESSAGES.lastWrong] } });
    const after = await verifyOtp(app, { email, code: lateCode, nonce: ATTACKER_NONCE }, late);
    expect(after.statusCode).toBe(429);

    const owner = await verifyOtp(app, { email, code: victimCode, nonce: VICTIM_NONCE }, victim);
    expect(owner.statusCode).toBe(200);
  });
});
