import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TSignInAudience } from '@pledge/domain';
import { brandFor } from '../../brands/brands.js';
import { otpChallenges } from '../../db/schema/index.js';
import { digestOtpCode, generateOtpCode } from '../../security/otp.js';
import { signInCodeMessage } from '../email/sign-in-code-message.js';
import { isActiveAgent } from './agents.js';
import type { TIdentityDeps, TRequestOrigin } from './deps.js';
import { digestEmail, normalizeEmail } from './email-address.js';
import {
  addressAndSource,
  OTP_CODE_TTL_MS,
  PRUNE_BATCH_ROWS,
  AGENT_OTP_START_ANSWER_MS,
  SIGN_IN_RATE_LIMITS,
} from './sign-in-limits.js';

/**
 * Hands the code to the mail port and answers no sooner than `floorMs` after `startedAt` (monotonic
 * ms), whether or not there was anything to send: a mail server's delay for an agent address would
 * otherwise tell which addresses are agents. A send slower than the floor goes on after the answer
 * (the mail port records its outcome in the outbox); a send that fails within the floor fails the
 * call after the floor, as it would have without it.
 */
async function sendWithinFloor(
  send: (() => Promise<unknown>) | null,
  startedAt: number,
  floorMs: number,
): Promise<void> {
  const outcome: { failed: boolean; error?: unknown } = { failed: false };
  const sending = (send?.() ?? Promise.resolve()).then(
    () => undefined,
    (error: unknown) => {
      outcome.failed = true;
      outcome.error = error;
    },
  );
  const remainingMs = () => Math.max(0, floorMs - (performance.now() - startedAt));
  await Promise.race([sending, sleep(remainingMs())]);
  await sleep(remainingMs());
  if (outcome.failed) throw outcome.error;
}

/**
 * Emails a new sign-in code, replacing any earlier one. Answers the same way whether or not the
 * address may sign in (an unprovisioned agent address gets no code), so the answer tells nobody
 * which addresses exist. It also does the same work either way, so its time tells nothing: an
 * address that may not sign in gets a challenge stored like any other, whose digest is bound to
 * another id so that no code ever matches it, and only the final hand-over to the mail port is
 * left out.
 */
export async function startOtp(
  deps: TIdentityDeps,
  input: { audience: TSignInAudience; email: string; origin: TRequestOrigin },
): Promise<void> {
  const startedAt = performance.now();
  const { db, cipher, limiter, clock } = deps;
  const { audience, origin } = input;
  const email = normalizeEmail(input.email);
  await limiter.consume([
    {
      rule: SIGN_IN_RATE_LIMITS.otpStartPerAddressAndIp,
      subject: addressAndSource(`${audience}:${email}`, origin.ip),
    },
    { rule: SIGN_IN_RATE_LIMITS.otpStartPerIp, subject: origin.ip },
    { rule: SIGN_IN_RATE_LIMITS.otpStartPerAddress, subject: `${audience}:${email}` },
  ]);
  const maySignIn = audience === 'customer' || (await isActiveAgent(db, email));

  const now = clock();
  const emailDigest = digestEmail(cipher, email);
  const id = randomUUID();
  const code = generateOtpCode();
  await db.transaction(async (tx) => {
    await tx
      .update(otpChallenges)
      .set({ closedAt: now })
      .where(
        and(
          eq(otpChallenges.audience, audience),
          eq(otpChallenges.emailDigest, emailDigest),
          isNull(otpChallenges.closedAt),
        ),
      );
    await tx.insert(otpChallenges).values({
      id,
      audience,
      emailDigest,
      codeDigest: digestOtpCode(cipher, maySignIn ? id : randomUUID(), code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_CODE_TTL_MS),
    });
    await tx.execute(sql`
      DELETE FROM ${otpChallenges} WHERE ${otpChallenges.id} IN (
        SELECT ${otpChallenges.id} FROM ${otpChallenges}
        WHERE ${lt(otpChallenges.expiresAt, new Date(now.getTime() - OTP_CODE_TTL_MS))}
        LIMIT ${PRUNE_BATCH_ROWS})`);
  });

  const brand = brandFor(origin.orgCode, deps.sandbox);
  const message = signInCodeMessage({ to: email, code, brand, audience });
  const send = maySignIn ? () => deps.email.send(message) : null;
  if (audience === 'agent') {
    await sendWithinFloor(send, startedAt, AGENT_OTP_START_ANSWER_MS);
  } else if (send !== null) {
    await send();
  }
}
