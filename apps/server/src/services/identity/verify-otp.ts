import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { IDENTITY_BROKER_API_VERSION, type TPostOtpVerifyResponse } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { identities, otpChallenges, signInRequests } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { digestOtpCode, isSameDigest } from '../../security/otp.js';
import { RateLimitedError } from '../../security/rate-limit.js';
import { isActiveAgent } from './agents.js';
import { closedCodeOutcome, countWrongCodeTry } from './code-tries.js';
import type { TIdentityDeps, TRequestOrigin } from './deps.js';
import { hasEmail } from './identity-email.js';
import { openCodeFirst } from './replace-open-code.js';
import { digestEmail, digestSignInDevice, normalizeEmail } from './email-address.js';
import { findOrCreateIdentity } from './find-or-create-identity.js';
import { needsSecondFactor, TOTP_MESSAGES, totpError, useTotp } from './second-factor.js';
import { DEFAULT_LANDING } from './sign-in-paths.js';
import { addressAndSource, SIGN_IN_RATE_LIMITS, signInDeviceOf } from './sign-in-limits.js';
import { startSession } from './start-session.js';

export const OTP_MESSAGES = {
  wrong: 'That code is not right. Check the latest e-mail we sent and try again.',
  lastWrong: 'That code is not right, and it can no longer be used. Request a new code.',
  expired: 'That code has expired. Request a new code.',
  burnt: 'Too many wrong codes. Request a new code.',
} as const;

type TOutcome =
  | 'accepted'
  | 'wrong'
  | 'last-wrong'
  | 'expired'
  | 'burnt'
  | 'totp-required'
  | 'totp-wrong'
  | 'totp-last-wrong';

function codeError(message: string): HttpError {
  return new HttpError(400, 'INVALID_CODE', message, { code: [message] });
}

/**
 * Trades an emailed code for a token. A code works once, within its life, only from the device
 * that asked for it (the nonce it named, else the same source address), and only until its last
 * allowed wrong try; the first sign-in of a customer address creates its identity. Tries from
 * another device never reach the owner's code: they find only that device's own codes.
 *
 * An identity with two-factor sign-in on also needs its authenticator code, whatever the audience:
 * the right e-mailed code without one answers TOTP_REQUIRED and stays usable (it proved the
 * address, and asking again costs nothing); a wrong authenticator code counts as a wrong try of the
 * e-mailed code, so both factors share its OTP_MAX_WRONG_ATTEMPTS.
 */
export async function verifyOtp(
  deps: TIdentityDeps,
  input: {
    audience: TSignInAudience;
    email: string;
    code: string;
    totp?: string | undefined;
    nonce: string;
    origin: TRequestOrigin;
  },
): Promise<TPostOtpVerifyResponse> {
  const { db, cipher, limiter, clock } = deps;
  const { audience, origin } = input;
  const email = normalizeEmail(input.email);
  await limiter.consume([
    {
      rule: SIGN_IN_RATE_LIMITS.otpVerifyPerAddressAndIp,
      subject: addressAndSource(`${audience}:${email}`, origin.ip),
    },
    { rule: SIGN_IN_RATE_LIMITS.otpVerifyPerIp, subject: origin.ip },
  ]);
  const now = clock();
  const emailDigest = digestEmail(cipher, email);
  const nonceDevice = digestSignInDevice(
    cipher,
    signInDeviceOf({ nonce: input.nonce, ip: origin.ip }),
  );
  const devices = [nonceDevice, digestSignInDevice(cipher, signInDeviceOf({ ip: origin.ip }))];
  /**
   * Past the ceiling of misses against the address, a miss burns its code at once; the miss is
   * counted in the transaction that records it.
   */
  const isPastMissCeiling = async (tx: TDb): Promise<boolean> => {
    try {
      await limiter.consume(
        [{ rule: SIGN_IN_RATE_LIMITS.otpMissesPerAddress, subject: `${audience}:${email}` }],
        tx,
      );
      return false;
    } catch (error) {
      if (error instanceof RateLimitedError) return true;
      throw error;
    }
  };

  const outcome = await db.transaction(async (tx): Promise<TOutcome> => {
    // This device's open code is the only one that can work (openCodeFirst); the row lock makes
    // concurrent tries count one after the other. Codes sent before codes had a device (null)
    // stay usable until they expire, so that a deploy breaks no sign-in under way. A code bound
    // to this nonce comes first: one asked without a nonce from the same source address (a shared
    // network) never stands in front of it.
    const [challenge] = await tx
      .select()
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.audience, audience),
          eq(otpChallenges.emailDigest, emailDigest),
          or(inArray(otpChallenges.deviceDigest, devices), isNull(otpChallenges.deviceDigest)),
        ),
      )
      .orderBy(
        sql`${otpChallenges.deviceDigest} IS NOT DISTINCT FROM ${nonceDevice} DESC`,
        ...openCodeFirst(otpChallenges),
      )
      .limit(1)
      .for('update');
    if (challenge === undefined) return 'wrong';
    const closed = closedCodeOutcome(challenge, now);
    if (closed !== null) return closed;
    // Every miss counts towards the address's ceiling, the code's own last one too; a miss past
    // the ceiling burns the code.
    const countWrongTry = async (): Promise<boolean> =>
      countWrongCodeTry(tx, otpChallenges, challenge, now, { burns: await isPastMissCeiling(tx) });
    const given = digestOtpCode(cipher, challenge.id, input.code);
    if (!isSameDigest(challenge.codeDigest, given)) {
      return (await countWrongTry()) ? 'last-wrong' : 'wrong';
    }
    const [identity] = await tx
      .select({
        uuid: identities.uuid,
        twoFactorEnabled: identities.twoFactorEnabled,
        totpSecretSealed: identities.totpSecretSealed,
        totpLastStep: identities.totpLastStep,
      })
      .from(identities)
      .where(hasEmail(cipher, email))
      .limit(1);
    if (needsSecondFactor(identity)) {
      if (input.totp === undefined) return 'totp-required';
      if (!(await useTotp(tx, cipher, { identity, code: input.totp, at: now }))) {
        return (await countWrongTry()) ? 'totp-last-wrong' : 'totp-wrong';
      }
    }
    await tx.update(otpChallenges).set({ closedAt: now }).where(eq(otpChallenges.id, challenge.id));
    return 'accepted';
  });

  switch (outcome) {
    case 'wrong':
      throw codeError(OTP_MESSAGES.wrong);
    case 'last-wrong':
      throw codeError(OTP_MESSAGES.lastWrong);
    case 'expired':
      throw codeError(OTP_MESSAGES.expired);
    case 'burnt':
      throw new HttpError(429, 'RATE_LIMITED', OTP_MESSAGES.burnt);
    case 'totp-required':
      throw totpError('TOTP_REQUIRED', TOTP_MESSAGES.required);
    case 'totp-wrong':
      throw totpError('INVALID_TOTP', TOTP_MESSAGES.wrong);
    case 'totp-last-wrong':
      throw totpError('INVALID_TOTP', TOTP_MESSAGES.wrongAndCodeBurnt);
    case 'accepted':
      break;
  }
  // An agent removed after the code was sent no longer signs in.
  if (audience === 'agent' && !(await isActiveAgent(db, email))) {
    throw codeError(OTP_MESSAGES.wrong);
  }

  const identity = await findOrCreateIdentity(deps, { email, orgCode: origin.orgCode });
  const token = await startSession(deps, {
    identityUuid: identity.uuid,
    audience,
    userAgent: origin.userAgent,
  });
  const [request] = await db
    .delete(signInRequests)
    .where(
      and(
        eq(signInRequests.audience, audience),
        eq(signInRequests.nonce, input.nonce),
        gt(signInRequests.expiresAt, now),
      ),
    )
    .returning({ redirectUrl: signInRequests.redirectUrl });
  return {
    apiVersion: IDENTITY_BROKER_API_VERSION,
    jwt: token.jwt,
    redirectUrl: request?.redirectUrl ?? DEFAULT_LANDING[audience],
  };
}
