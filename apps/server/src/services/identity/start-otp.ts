import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { TSignInAudience } from '@pledge/domain';
import { brandFor } from '../../brands/brands.js';
import { otpChallenges } from '../../db/schema/index.js';
import { digestOtpCode, generateOtpCode } from '../../security/otp.js';
import { queueEmail } from '../email/queue-email.js';
import { signInCodeMessage } from '../email/sign-in-code-message.js';
import { isActiveAgent } from './agents.js';
import type { TIdentityDeps, TRequestOrigin } from './deps.js';
import { digestEmail, digestSignInDevice, normalizeEmail } from './email-address.js';
import {
  addressAndSource,
  OTP_CODE_TTL_MS,
  AGENT_OTP_START_ANSWER_MS,
  SIGN_IN_RATE_LIMITS,
  signInDeviceOf,
} from './sign-in-limits.js';
import { replaceOpenCode } from './replace-open-code.js';

/** Waits until `floorMs` have passed since `startedAt` (monotonic ms). */
async function answerNoSoonerThan(startedAt: number, floorMs: number): Promise<void> {
  await sleep(Math.max(0, floorMs - (performance.now() - startedAt)));
}

/**
 * Emails a new sign-in code, bound to the device that asks (its nonce, else its source address)
 * and replacing only that device's earlier one, so that nobody elsewhere can replace or burn the
 * owner's outstanding code or use up its pace: the code's e-mail is queued in the same
 * transaction as the challenge and delivered by the e-mail job, so the answer never waits for a
 * mail server. Answers the same way whether or not the address may sign in (an unprovisioned
 * agent address gets no code), so the answer tells nobody which addresses exist. It also does
 * nearly the same work either way: an address that may not sign in gets a challenge stored like
 * any other, whose digest is bound to another id so that no code ever matches it, and only the
 * queued e-mail is left out; an agent's request answers after a fixed floor, which covers that
 * difference too.
 */
export async function startOtp(
  deps: TIdentityDeps,
  input: {
    audience: TSignInAudience;
    email: string;
    nonce?: string | undefined;
    origin: TRequestOrigin;
  },
): Promise<void> {
  const startedAt = performance.now();
  const { db, cipher, limiter, clock } = deps;
  const { audience, origin } = input;
  const email = normalizeEmail(input.email);
  const device = signInDeviceOf({ nonce: input.nonce, ip: origin.ip });
  await limiter.consume([
    {
      rule: SIGN_IN_RATE_LIMITS.otpStartPerAddressAndIp,
      subject: addressAndSource(`${audience}:${email}`, origin.ip),
    },
    { rule: SIGN_IN_RATE_LIMITS.otpStartPerIp, subject: origin.ip },
    {
      rule: SIGN_IN_RATE_LIMITS.otpStartPerAddressAndDevice,
      subject: addressAndSource(`${audience}:${email}`, device),
    },
  ]);
  const maySignIn = audience === 'customer' || (await isActiveAgent(db, email));

  const now = clock();
  const emailDigest = digestEmail(cipher, email);
  const deviceDigest = digestSignInDevice(cipher, device);
  const id = randomUUID();
  const code = generateOtpCode();
  await db.transaction(async (tx) => {
    const codeExpiresAt = await replaceOpenCode(
      tx,
      {
        table: otpChallenges,
        replaced: and(
          eq(otpChallenges.audience, audience),
          eq(otpChallenges.emailDigest, emailDigest),
          eq(otpChallenges.deviceDigest, deviceDigest),
        ),
        now,
        lifetimeMs: OTP_CODE_TTL_MS,
      },
      (expiresAt) =>
        tx.insert(otpChallenges).values({
          id,
          audience,
          emailDigest,
          deviceDigest,
          codeDigest: digestOtpCode(cipher, maySignIn ? id : randomUUID(), code),
          createdAt: now,
          expiresAt,
        }),
    );
    if (maySignIn) {
      const brand = brandFor(origin.orgCode, deps.sandbox);
      const message = signInCodeMessage({ to: email, code, brand, audience });
      await queueEmail(tx, deps, 'sign-in-code', message, { codeExpiresAt });
    }
  });

  if (audience === 'agent') await answerNoSoonerThan(startedAt, AGENT_OTP_START_ANSWER_MS);
}
