import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { matchTotp } from '../../security/totp.js';
import { openTotpSecret } from './totp-secret.js';

/** The second factor's words, the same on every sign-in path. */
export const TOTP_MESSAGES = {
  required: 'Enter the 6-digit code from your authenticator app.',
  wrong: 'That authenticator code is not right. Enter the current code from the app.',
  wrongAndCodeBurnt:
    'That authenticator code is not right, and the e-mailed code can no longer be used. Request a new code.',
} as const;

export function totpError(code: 'TOTP_REQUIRED' | 'INVALID_TOTP', message: string): HttpError {
  return new HttpError(401, code, message, { totp: [message] });
}

/** What the second factor needs of an identity. */
export interface TSecondFactorIdentity {
  uuid: string;
  twoFactorEnabled: boolean;
  totpSecretSealed: string | null;
  totpLastStep: number | null;
}

export function needsSecondFactor(
  identity: TSecondFactorIdentity | undefined,
): identity is TSecondFactorIdentity & { totpSecretSealed: string } {
  return identity !== undefined && identity.twoFactorEnabled && identity.totpSecretSealed !== null;
}

/**
 * Uses an authenticator code: true when it matches a step newer than the last one used, which it
 * then becomes. The update is conditional on that step still being new, so of two concurrent uses
 * of one code only one wins, on every path and every instance.
 */
export async function useTotp(
  db: TDb,
  cipher: TFieldCipher,
  input: { identity: TSecondFactorIdentity & { totpSecretSealed: string }; code: string; at: Date },
): Promise<boolean> {
  const { identity } = input;
  const step = matchTotp({
    secretBase32: openTotpSecret(cipher, identity.uuid, identity.totpSecretSealed),
    code: input.code,
    at: input.at,
    lastUsedStep: identity.totpLastStep,
  });
  if (step === null) return false;
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
  return used.length > 0;
}
