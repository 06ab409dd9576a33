import type { TPostLegacyLoginBody, TPostLegacyLoginResponse } from '@pledge/contract';
import { identities } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { verifyPassword } from '../../security/password.js';
import type { TIdentityDeps, TRequestOrigin } from './deps.js';
import { hasEmail, identityRowColumns } from './identity-email.js';
import { normalizeEmail } from './email-address.js';
import { needsSecondFactor, TOTP_MESSAGES, totpError, useTotp } from './second-factor.js';
import { addressAndSource, SIGN_IN_RATE_LIMITS } from './sign-in-limits.js';
import { startSession } from './start-session.js';

export const PASSWORD_LOGIN_MESSAGES = {
  invalid: 'That email and password do not match. Check them and try again.',
  totpRequired: TOTP_MESSAGES.required,
  totpWrong: TOTP_MESSAGES.wrong,
} as const;

/**
 * The legacy sign-in: email and password (argon2id), then the TOTP code when two-factor sign-in is
 * on. Answers a customer token. A wrong address and a wrong password answer alike, in alike time.
 */
export async function logInWithPassword(
  deps: TIdentityDeps,
  input: { body: TPostLegacyLoginBody; origin: TRequestOrigin },
): Promise<TPostLegacyLoginResponse> {
  const { db, cipher, limiter, clock } = deps;
  const email = normalizeEmail(input.body.email);
  await limiter.consume([
    {
      rule: SIGN_IN_RATE_LIMITS.passwordLoginPerAddressAndIp,
      subject: addressAndSource(email, input.origin.ip),
    },
    { rule: SIGN_IN_RATE_LIMITS.passwordLoginPerIp, subject: input.origin.ip },
    { rule: SIGN_IN_RATE_LIMITS.passwordLoginPerAddress, subject: email },
  ]);
  const [identity] = await db
    .select(identityRowColumns)
    .from(identities)
    .where(hasEmail(cipher, email))
    .limit(1);
  const isPasswordRight = await verifyPassword(identity?.passwordHash ?? null, input.body.password);
  if (identity === undefined || !isPasswordRight) {
    throw new HttpError(401, 'INVALID_CREDENTIALS', PASSWORD_LOGIN_MESSAGES.invalid);
  }

  const now = clock();
  if (needsSecondFactor(identity)) {
    const code = input.body.totp;
    if (code === undefined) throw totpError('TOTP_REQUIRED', TOTP_MESSAGES.required);
    if (!(await useTotp(db, cipher, { identity, code, at: now }))) {
      throw totpError('INVALID_TOTP', TOTP_MESSAGES.wrong);
    }
  }

  const token = await startSession(deps, {
    identityUuid: identity.uuid,
    audience: 'customer',
    userAgent: input.origin.userAgent,
  });
  const passwordExpired =
    identity.passwordExpiresAt !== null && identity.passwordExpiresAt.getTime() <= now.getTime();
  return { jwt: token.jwt, passwordExpired };
}
