import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { TPostLegacyLoginBody, TPostLegacyLoginResponse } from '@pledge/contract';
import { identities } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { verifyPassword } from '../../security/password.js';
import { matchTotp } from '../../security/totp.js';
import type { TIdentityDeps, TRequestOrigin } from './deps.js';
import { normalizeEmail } from './email-address.js';
import { SIGN_IN_RATE_LIMITS } from './sign-in-limits.js';
import { openTotpSecret } from './totp-secret.js';

export const PASSWORD_LOGIN_MESSAGES = {
  invalid: 'That email and password do not match. Check them and try again.',
  totpRequired: 'Enter the 6-digit code from your authenticator app.',
  totpWrong: 'That authenticator code is not right. Enter the current code from the app.',
} as const;

function totpError(code: string, message: string): HttpError {
  return new HttpError(401, code, message, { totp: [message] });
}

/**
 * The legacy sign-in: email and password (argon2id), then the TOTP code when two-factor sign-in is
 * on. Answers a customer token. A wrong address and a wrong password answer alike, in alike time.
 */
export async function logInWithPassword(
  deps: TIdentityDeps,
  input: { body: TPostLegacyLoginBody; origin: TRequestOrigin },
): Promise<TPostLegacyLoginResponse> {
  const { db, cipher, limiter, clock, jwt } = deps;
  const email = normalizeEmail(input.body.email);
  await limiter.consume([
    { rule: SIGN_IN_RATE_LIMITS.passwordLoginPerAddress, subject: email },
    { rule: SIGN_IN_RATE_LIMITS.passwordLoginPerIp, subject: input.origin.ip },
  ]);
  const [identity] = await db.select().from(identities).where(eq(identities.email, email)).limit(1);
  const isPasswordRight = await verifyPassword(identity?.passwordHash ?? null, input.body.password);
  if (identity === undefined || !isPasswordRight) {
    throw new HttpError(401, 'INVALID_CREDENTIALS', PASSWORD_LOGIN_MESSAGES.invalid);
  }

  const now = clock();
  if (identity.twoFactorEnabled && identity.totpSecretSealed !== null) {
    const code = input.body.totp;
    if (code === undefined) throw totpError('TOTP_REQUIRED', PASSWORD_LOGIN_MESSAGES.totpRequired);
    const step = matchTotp({
      secretBase32: openTotpSecret(cipher, identity.uuid, identity.totpSecretSealed),
      code,
      at: now,
      lastUsedStep: identity.totpLastStep,
    });
    if (step === null) throw totpError('INVALID_TOTP', PASSWORD_LOGIN_MESSAGES.totpWrong);
    // Conditional on the step still being new: of two concurrent uses of one code, one wins.
    const used = await db
      .update(identities)
      .set({ totpLastStep: step, totpVerified: true })
      .where(
        and(
          eq(identities.uuid, identity.uuid),
          or(isNull(identities.totpLastStep), lt(identities.totpLastStep, step)),
        ),
      )
      .returning({ uuid: identities.uuid });
    if (used.length === 0) throw totpError('INVALID_TOTP', PASSWORD_LOGIN_MESSAGES.totpWrong);
  }

  const token = await jwt.issue({ subject: identity.uuid, audience: 'customer' });
  const passwordExpired =
    identity.passwordExpiresAt !== null && identity.passwordExpiresAt.getTime() <= now.getTime();
  return { jwt: token.jwt, passwordExpired };
}
