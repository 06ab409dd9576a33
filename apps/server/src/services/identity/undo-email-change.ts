import { and, eq, isNull } from 'drizzle-orm';
import type { TPostIdentityAliasUndoBody, TPostIdentityAliasUndoResponse } from '@pledge/contract';
import { emailChangeUndos, emailChanges, identities } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TIdentityDeps, TRequestOrigin } from './deps.js';
import { endIdentitySessions } from './end-sessions.js';
import { identityByEmail, identityEmailValues } from './identity-email.js';
import { SIGN_IN_RATE_LIMITS } from './sign-in-limits.js';

/** The page the undo link opens (the sign-in page, which offers the undo). */
export const UNDO_EMAIL_CHANGE_PAGE = '/auth/login';

export const UNDO_EMAIL_CHANGE_MESSAGES = {
  invalid:
    'This link has expired or was already used. If your sign-in address was changed without you, contact us.',
  taken:
    'Your old address now belongs to another account, so it cannot be restored here. Contact us and we will sort it out.',
} as const;

const UNDO_TOKEN_PURPOSE = 'email-change-undo';
export function digestUndoToken(cipher: Pick<TFieldCipher, 'blindIndex'>, token: string): string {
  return cipher.blindIndex(token, UNDO_TOKEN_PURPOSE);
}

function oldEmailContext(tokenDigest: string): string {
  return `email_change_undos.old_email:${tokenDigest}`;
}

export function sealOldEmail(cipher: TFieldCipher, tokenDigest: string, email: string): string {
  return cipher.encryptText(email, oldEmailContext(tokenDigest));
}

type TOutcome = { kind: 'invalid' | 'taken' } | { kind: 'restored'; email: string };

/**
 * Undoes a change of sign-in address with the token e-mailed to the old address: in one
 * transaction the old address comes back, every session of the identity ends, every other undo
 * token and pending change of the identity is voided (so an undo cannot be undone by whoever made
 * the change), and the token is used up. Nothing changes when the old address has since become
 * another identity's.
 */
export async function undoEmailChange(
  deps: Pick<TIdentityDeps, 'db' | 'cipher' | 'limiter' | 'clock'>,
  input: { body: TPostIdentityAliasUndoBody; origin: TRequestOrigin },
): Promise<TPostIdentityAliasUndoResponse> {
  const { db, cipher, limiter, clock } = deps;
  await limiter.consume([{ rule: SIGN_IN_RATE_LIMITS.aliasUndoPerIp, subject: input.origin.ip }]);
  const now = clock();
  const tokenDigest = digestUndoToken(cipher, input.body.token);

  const outcome = await db
    .transaction(async (tx): Promise<TOutcome> => {
      const [undo] = await tx
        .select()
        .from(emailChangeUndos)
        .where(eq(emailChangeUndos.tokenDigest, tokenDigest))
        .for('update');
      if (undo === undefined || undo.usedAt !== null || undo.expiresAt.getTime() <= now.getTime()) {
        return { kind: 'invalid' };
      }
      const email = cipher.decryptText(undo.oldEmailSealed, oldEmailContext(tokenDigest));
      const { identityUuid } = undo;
      const other = await identityByEmail(tx, cipher, email, { except: identityUuid });
      if (other !== undefined) return { kind: 'taken' };
      await tx
        .update(identities)
        .set({ ...identityEmailValues(cipher, identityUuid, email), updatedAt: now })
        .where(eq(identities.uuid, identityUuid));
      await tx
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(
          and(eq(emailChangeUndos.identityUuid, identityUuid), isNull(emailChangeUndos.usedAt)),
        );
      await tx
        .update(emailChanges)
        .set({ closedAt: now })
        .where(and(eq(emailChanges.identityUuid, identityUuid), isNull(emailChanges.closedAt)));
      await endIdentitySessions(tx, { identityUuid, at: now });
      return { kind: 'restored', email };
    })
    .catch((error: unknown): TOutcome => {
      if (isUniqueViolation(error)) return { kind: 'taken' };
      throw error;
    });

  switch (outcome.kind) {
    case 'invalid':
      throw new HttpError(400, 'INVALID_TOKEN', UNDO_EMAIL_CHANGE_MESSAGES.invalid, {
        token: [UNDO_EMAIL_CHANGE_MESSAGES.invalid],
      });
    case 'taken':
      throw new HttpError(409, 'ALIAS_UNAVAILABLE', UNDO_EMAIL_CHANGE_MESSAGES.taken);
    case 'restored':
      return { email: outcome.email };
  }
}
