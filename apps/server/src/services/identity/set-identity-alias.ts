import { eq, sql } from 'drizzle-orm';
import type { TPutIdentityAliasBody, TPutIdentityAliasResponse } from '@pledge/contract';
import {
  LOGIN_MESSAGES,
  ZLoginEmail,
  normalizeInternationalPhone,
  normalizeUsPhone,
} from '@pledge/domain';
import { identities, identityAliases } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TIdentityDeps } from './deps.js';
import { normalizeEmail } from './email-address.js';
import { getLegacyIdentity } from './get-legacy-identity.js';
import { SIGN_IN_RATE_LIMITS } from './sign-in-limits.js';

export const ALIAS_MESSAGES = {
  type: 'Only an Email or a Phone alias can be changed',
  phone: 'Enter a valid phone number (10-digit US, or with its country code)',
  taken: 'That address or number is already in use by another account',
} as const;

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

function invalid(field: 'type' | 'value', message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, { [field]: [message] });
}

/** A US number to E.164, or an international one as given in E.164; null when neither. */
export function normalizePhoneAlias(text: string): string | null {
  const us = normalizeUsPhone(text);
  return us !== null ? `+1${us}` : normalizeInternationalPhone(text);
}

/**
 * Adds or replaces the caller's alias of a type. The Email alias is the sign-in address, so it
 * changes that; an address or number of another identity is refused (409).
 */
export async function setIdentityAlias(
  deps: Pick<TIdentityDeps, 'db' | 'limiter' | 'clock'>,
  input: { identityUuid: string; body: TPutIdentityAliasBody },
): Promise<TPutIdentityAliasResponse> {
  const { db, limiter, clock } = deps;
  const { identityUuid, body } = input;
  await limiter.consume([
    { rule: SIGN_IN_RATE_LIMITS.aliasChangePerIdentity, subject: identityUuid },
  ]);
  const now = clock();
  try {
    if (body.type === 'Email') {
      const parsed = ZLoginEmail.safeParse(body.value);
      if (!parsed.success) throw invalid('value', LOGIN_MESSAGES.email);
      await db
        .update(identities)
        .set({ email: normalizeEmail(parsed.data), updatedAt: now })
        .where(eq(identities.uuid, identityUuid));
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
        await tx
          .update(identities)
          .set({ updatedAt: now })
          .where(eq(identities.uuid, identityUuid));
      });
    } else {
      throw invalid('type', ALIAS_MESSAGES.type);
    }
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'ALIAS_TAKEN', ALIAS_MESSAGES.taken, {
        value: [ALIAS_MESSAGES.taken],
      });
    }
    throw error;
  }
  return (await getLegacyIdentity(db, identityUuid, now)).identity;
}
