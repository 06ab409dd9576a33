/**
 * The step-up asked before the sign-in address changes: a stolen token alone must not be enough.
 * The account proves it with its authenticator code where two-factor sign-in is on, else with its
 * password where it has one, else with a code e-mailed to its CURRENT address.
 */
import { eq } from 'drizzle-orm';
import type { TStepUpMethod } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { identities, stepUpCodes } from '../../db/schema/index.js';
import { HttpError, UNAUTHENTICATED } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { digestOtpCode, isSameDigest } from '../../security/otp.js';
import { verifyPassword } from '../../security/password.js';
import { closedCodeOutcome, countWrongCodeTry } from './code-tries.js';
import { identityEmailColumns } from './identity-email.js';
import { openCodeFirst } from './replace-open-code.js';
import { needsSecondFactor, useTotp, type TSecondFactorIdentity } from './second-factor.js';

export const STEP_UP_MESSAGES = {
  totpRequired:
    'Enter the 6-digit code from your authenticator app to change your sign-in address.',
  totpWrong: 'That authenticator code is not right. Enter the current code from the app.',
  passwordRequired: 'Enter your password to change your sign-in address.',
  passwordWrong: 'That password is not right.',
  codeRequired:
    'Enter the 6-digit code we e-mailed to your current address to change your sign-in address.',
  codeWrong: 'That code is not right. Check the latest e-mail we sent to your current address.',
  codeExpired: 'That code has expired or was used. Request a new code.',
} as const;

/** The body field each method reads. */
const FIELD_OF = { totp: 'totp', password: 'password', 'email-code': 'stepUpCode' } as const;

export interface TStepUpIdentity extends TSecondFactorIdentity {
  passwordHash: string | null;
}

export interface TStepUpProof {
  totp?: string | undefined;
  password?: string | undefined;
  stepUpCode?: string | undefined;
}

/**
 * The identity whose address is to change, with what its step-up needs, its row locked so that two
 * requests of one identity take turns; 401 when it is gone.
 */
export async function lockStepUpIdentity(tx: TDb, identityUuid: string) {
  const [identity] = await tx
    .select({
      uuid: identities.uuid,
      ...identityEmailColumns,
      organizationCode: identities.organizationCode,
      passwordHash: identities.passwordHash,
      twoFactorEnabled: identities.twoFactorEnabled,
      totpSecretSealed: identities.totpSecretSealed,
      totpLastStep: identities.totpLastStep,
    })
    .from(identities)
    .where(eq(identities.uuid, identityUuid))
    .for('update');
  if (identity === undefined) {
    throw new HttpError(401, UNAUTHENTICATED.code, UNAUTHENTICATED.message);
  }
  return identity;
}

export function stepUpMethodOf(identity: TStepUpIdentity): TStepUpMethod {
  if (needsSecondFactor(identity)) return 'totp';
  return identity.passwordHash !== null ? 'password' : 'email-code';
}

/** A refusal to act on; thrown only after the transaction that counted a wrong try commits. */
export type TStepUpRefusal = { status: 400 | 403; code: string; message: string; field: string };

export function stepUpError(refusal: TStepUpRefusal): HttpError {
  return new HttpError(refusal.status, refusal.code, refusal.message, {
    [refusal.field]: [refusal.message],
  });
}

/**
 * Checks the proof the account's method asks for, inside the caller's transaction (a used
 * authenticator step and a used or missed e-mailed code are written there); null when it holds.
 */
export async function checkStepUp(
  tx: TDb,
  cipher: TFieldCipher,
  input: { identity: TStepUpIdentity; proof: TStepUpProof; at: Date },
): Promise<TStepUpRefusal | null> {
  const { identity, proof, at } = input;
  const method = stepUpMethodOf(identity);
  const field = FIELD_OF[method];
  const required = (message: string): TStepUpRefusal => ({
    status: 403,
    code: 'STEP_UP_REQUIRED',
    message,
    field,
  });
  const wrong = (message: string): TStepUpRefusal => ({
    status: 400,
    code: 'INVALID_STEP_UP',
    message,
    field,
  });

  if (method === 'totp' && needsSecondFactor(identity)) {
    if (proof.totp === undefined) return required(STEP_UP_MESSAGES.totpRequired);
    const isRight = await useTotp(tx, cipher, { identity, code: proof.totp, at });
    return isRight ? null : wrong(STEP_UP_MESSAGES.totpWrong);
  }
  if (method === 'password') {
    if (proof.password === undefined) return required(STEP_UP_MESSAGES.passwordRequired);
    const isRight = await verifyPassword(identity.passwordHash, proof.password);
    return isRight ? null : wrong(STEP_UP_MESSAGES.passwordWrong);
  }
  if (proof.stepUpCode === undefined) return required(STEP_UP_MESSAGES.codeRequired);
  // The identity's open code is the only one that can work (openCodeFirst); the row lock orders
  // tries.
  const [code] = await tx
    .select()
    .from(stepUpCodes)
    .where(eq(stepUpCodes.identityUuid, identity.uuid))
    .orderBy(...openCodeFirst(stepUpCodes))
    .limit(1)
    .for('update');
  if (code === undefined || closedCodeOutcome(code, at) !== null) {
    return wrong(STEP_UP_MESSAGES.codeExpired);
  }
  if (!isSameDigest(code.codeDigest, digestOtpCode(cipher, code.id, proof.stepUpCode))) {
    await countWrongCodeTry(tx, stepUpCodes, code, at);
    return wrong(STEP_UP_MESSAGES.codeWrong);
  }
  await tx.update(stepUpCodes).set({ closedAt: at }).where(eq(stepUpCodes.id, code.id));
  return null;
}
