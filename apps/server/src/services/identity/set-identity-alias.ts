import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TPutIdentityAliasBody, TPutIdentityAliasResponse } from '@pledge/contract';
import {
  LOGIN_MESSAGES,
  ZLoginEmail,
  normalizeInternationalPhone,
  normalizeUsPhone,
} from '@pledge/domain';
import { brandFor } from '../../brands/brands.js';
import { emailChanges, identities, identityAliases } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { digestOtpCode, generateOtpCode } from '../../security/otp.js';
import { emailChangeCodeMessage } from '../email/email-change-messages.js';
import { queueEmail } from '../email/queue-email.js';
import type { TIdentityDeps } from './deps.js';
import { openIdentityEmail } from './identity-email.js';
import { digestEmail, normalizeEmail } from './email-address.js';
import { getLegacyIdentity } from './get-legacy-identity.js';
import {
  checkStepUp,
  lockStepUpIdentity,
  stepUpError,
  type TStepUpProof,
  type TStepUpRefusal,
} from './step-up.js';
import { EMAIL_CHANGE_CODE_TTL_MS, SIGN_IN_RATE_LIMITS } from './sign-in-limits.js';
import { replaceOpenCode } from './replace-open-code.js';

export const ALIAS_MESSAGES = {
  type: 'Only an Email or a Phone alias can be changed',
  phone: 'Enter a valid phone number (10-digit US, or with its country code)',
} as const;

function invalid(field: 'type' | 'value', message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, { [field]: [message] });
}

/** A US number to E.164, or an international one as given in E.164; null when neither. */
export function normalizePhoneAlias(text: string): string | null {
  const us = normalizeUsPhone(text);
  return us !== null ? `+1${us}` : normalizeInternationalPhone(text);
}

/**
 * Adds or replaces the caller's alias of a type.
 *
 * The Email alias is the sign-in address, so it changes only by proof: first the step-up, proven
 * in the same request (step-up.ts), so that a stolen token alone cannot start a change; then this
 * records a pending change and e-mails a code to the new address (confirmed by confirmIdentityAlias); nothing changes
 * yet, and the answer (the identity as it is) is the same whether or not the address has an
 * account. A Phone alias is no sign-in factor: it is saved at once, and may be shared by accounts,
 * so that no answer tells whether a number is known.
 */
export async function setIdentityAlias(
  deps: Pick<TIdentityDeps, 'db' | 'cipher' | 'limiter' | 'clock' | 'sandbox'>,
  input: { identityUuid: string; body: TPutIdentityAliasBody },
): Promise<TPutIdentityAliasResponse> {
  const { db, limiter, clock } = deps;
  const { identityUuid, body } = input;
  await limiter.consume([
    { rule: SIGN_IN_RATE_LIMITS.aliasChangePerIdentity, subject: identityUuid },
  ]);
  const now = clock();
  if (body.type === 'Email') {
    const parsed = ZLoginEmail.safeParse(body.value);
    if (!parsed.success) throw invalid('value', LOGIN_MESSAGES.email);
    await requestEmailChange(deps, {
      identityUuid,
      newEmail: normalizeEmail(parsed.data),
      proof: body,
      now,
    });
  } else if (body.type === 'Phone') {
    const phone = normalizePhoneAlias(body.value);
    if (phone === null) throw invalid('value', ALIAS_MESSAGES.phone);
    await db.transaction(async (tx) => {
      await tx
        .insert(identityAliases)
        .values({ identityUuid, type: 'Phone', value: phone, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [identityAliases.identityUuid, identityAliases.type],
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
        });
      await tx.update(identities).set({ updatedAt: now }).where(eq(identities.uuid, identityUuid));
    });
  } else {
    throw invalid('type', ALIAS_MESSAGES.type);
  }
  return (await getLegacyIdentity(deps, identityUuid, now)).identity;
}

/**
 * Checks the step-up, then records a pending change of sign-in address, replacing any earlier one,
 * and e-mails its code to the new address. Whether the address is free is decided at confirmation,
 * after the proof. A refused step-up changes nothing but the count of its wrong tries, which
 * commits before the refusal is answered.
 */
async function requestEmailChange(
  deps: Pick<TIdentityDeps, 'db' | 'cipher' | 'sandbox'>,
  input: { identityUuid: string; newEmail: string; proof: TStepUpProof; now: Date },
): Promise<void> {
  const { db, cipher } = deps;
  const { identityUuid, newEmail, now } = input;
  const id = randomUUID();
  const code = generateOtpCode();
  const refusal = await db.transaction(async (tx): Promise<TStepUpRefusal | null> => {
    // The identity's row lock makes two requests of one identity take turns.
    const identity = await lockStepUpIdentity(tx, identityUuid);
    const stepUp = await checkStepUp(tx, cipher, { identity, proof: input.proof, at: now });
    if (stepUp !== null) return stepUp;
    if (openIdentityEmail(cipher, identity.uuid, identity) === newEmail) return null;
    const codeExpiresAt = await replaceOpenCode(
      tx,
      {
        table: emailChanges,
        replaced: eq(emailChanges.identityUuid, identityUuid),
        now,
        lifetimeMs: EMAIL_CHANGE_CODE_TTL_MS,
      },
      (expiresAt) =>
        tx.insert(emailChanges).values({
          id,
          identityUuid,
          newEmailDigest: digestEmail(cipher, newEmail),
          codeDigest: digestOtpCode(cipher, id, code),
          createdAt: now,
          expiresAt,
        }),
    );
    const brand = brandFor(identity.organizationCode, deps.sandbox);
    await queueEmail(
      tx,
      deps,
      'email-change-code',
      emailChangeCodeMessage({ to: newEmail, code, brand }),
      { codeExpiresAt },
    );
    return null;
  });
  if (refusal !== null) throw stepUpError(refusal);
}
