import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TSignInAudience } from '@pledge/domain';
import { brandFor } from '../../brands/brands.js';
import { otpChallenges } from '../../db/schema/index.js';
import { digestOtpCode, generateOtpCode } from '../../security/otp.js';
import { signInCodeMessage } from '../email/sign-in-code-message.js';
import { isActiveAgent } from './agents.js';
import type { TIdentityDeps, TRequestOrigin } from './deps.js';
import { digestEmail, normalizeEmail } from './email-address.js';
import { OTP_CODE_TTL_MS, PRUNE_BATCH_ROWS, SIGN_IN_RATE_LIMITS } from './sign-in-limits.js';

/**
 * Emails a new sign-in code, replacing any earlier one. Answers the same way whether or not the
 * address may sign in (an unprovisioned agent address gets no code), so the answer tells nobody
 * which addresses exist.
 */
export async function startOtp(
  deps: TIdentityDeps,
  input: { audience: TSignInAudience; email: string; origin: TRequestOrigin },
): Promise<void> {
  const { db, cipher, limiter, clock } = deps;
  const { audience, origin } = input;
  const email = normalizeEmail(input.email);
  await limiter.consume([
    { rule: SIGN_IN_RATE_LIMITS.otpStartPerAddress, subject: `${audience}:${email}` },
    { rule: SIGN_IN_RATE_LIMITS.otpStartPerIp, subject: origin.ip },
  ]);
  if (audience === 'agent' && !(await isActiveAgent(db, email))) return;

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
      codeDigest: digestOtpCode(cipher, id, code),
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
  await deps.email.send(signInCodeMessage({ to: email, code, brand, audience }));
}
