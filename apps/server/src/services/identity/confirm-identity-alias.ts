import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  TPostIdentityAliasConfirmBody,
  TPostIdentityAliasConfirmResponse,
} from '@pledge/contract';
import { brandFor } from '../../brands/brands.js';
import { agents, emailChangeUndos, emailChanges, identities } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { HttpError } from '../../http/errors.js';
import { digestOtpCode, isSameDigest } from '../../security/otp.js';
import { emailChangedMessage } from '../email/email-change-messages.js';
import { queueEmail } from '../email/queue-email.js';
import { closedCodeOutcome, countWrongCodeTry } from './code-tries.js';
import type { TIdentityDeps } from './deps.js';
import { digestEmail, normalizeEmail } from './email-address.js';
import { endIdentitySessions } from './end-sessions.js';
import { getLegacyIdentity } from './get-legacy-identity.js';
import { openCodeFirst } from './replace-open-code.js';
import {
  identityByEmail,
  identityEmailColumns,
  identityEmailValues,
  openIdentityEmail,
} from './identity-email.js';
import { EMAIL_CHANGE_UNDO_TTL_MS, SIGN_IN_RATE_LIMITS } from './sign-in-limits.js';
import { digestUndoToken, sealOldEmail, UNDO_EMAIL_CHANGE_PAGE } from './undo-email-change.js';

export const ALIAS_CONFIRM_MESSAGES = {
  wrong: 'That code is not right. Check the latest e-mail we sent to the new address.',
  lastWrong: 'That code is not right, and it can no longer be used. Ask for a new code.',
  expired: 'That code has expired. Ask for a new code.',
  burnt: 'Too many wrong codes. Ask for a new code.',
  unavailable: 'That address cannot be used for this account. Choose another address.',
} as const;

type TOutcome =
  | { kind: 'wrong' | 'last-wrong' | 'expired' | 'burnt' | 'unavailable' | 'unchanged' }
  | { kind: 'changed' };

function codeError(message: string): HttpError {
  return new HttpError(400, 'INVALID_CODE', message, { code: [message] });
}

function unavailable(): HttpError {
  const message = ALIAS_CONFIRM_MESSAGES.unavailable;
  return new HttpError(409, 'ALIAS_UNAVAILABLE', message, { value: [message] });
}

/**
 * Confirms a new sign-in address with the code e-mailed to it. In one transaction: the open
 * pending change (openCodeFirst) must name this address and this code (wrong tries burn it as
 * sign-in codes burn); an address of another identity or of an agent (provisioned, active or not)
 * is refused, with nothing changed; otherwise the address changes, the old address gets a
 * single-use undo token and every other session of the identity ends, and the e-mail telling the
 * old address, with the undo link, is queued.
 */
export async function confirmIdentityAlias(
  deps: Pick<TIdentityDeps, 'db' | 'cipher' | 'limiter' | 'clock' | 'sandbox'>,
  input: {
    identityUuid: string;
    /** The caller's own token, whose session stays. */
    tokenId: string | undefined;
    body: TPostIdentityAliasConfirmBody;
    /** The origin of links in e-mails (https://…). */
    linkOrigin: string;
  },
): Promise<TPostIdentityAliasConfirmResponse> {
  const { db, cipher, limiter, clock } = deps;
  const { identityUuid } = input;
  await limiter.consume([
    { rule: SIGN_IN_RATE_LIMITS.aliasConfirmPerIdentity, subject: identityUuid },
  ]);
  const now = clock();
  const newEmail = normalizeEmail(input.body.value);
  const undoToken = randomBytes(32).toString('base64url');

  let outcome: TOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<TOutcome> => {
      const [change] = await tx
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.identityUuid, identityUuid))
        .orderBy(...openCodeFirst(emailChanges))
        .limit(1)
        .for('update');
      if (change === undefined) return { kind: 'wrong' };
      const closed = closedCodeOutcome(change, now);
      if (closed !== null) return { kind: closed };
      const isCodeRight = isSameDigest(
        change.codeDigest,
        digestOtpCode(cipher, change.id, input.body.code),
      );
      const isAddressRight = isSameDigest(change.newEmailDigest, digestEmail(cipher, newEmail));
      if (!isCodeRight || !isAddressRight) {
        const isLast = await countWrongCodeTry(tx, emailChanges, change, now);
        return { kind: isLast ? 'last-wrong' : 'wrong' };
      }
      await tx.update(emailChanges).set({ closedAt: now }).where(eq(emailChanges.id, change.id));

      const [agent] = await tx
        .select({ email: agents.email })
        .from(agents)
        .where(eq(agents.email, newEmail))
        .limit(1);
      const other = await identityByEmail(tx, cipher, newEmail, { except: identityUuid });
      if (agent !== undefined || other !== undefined) return { kind: 'unavailable' };

      const [row] = await tx
        .select({ ...identityEmailColumns, organizationCode: identities.organizationCode })
        .from(identities)
        .where(eq(identities.uuid, identityUuid))
        .for('update');
      if (row === undefined) return { kind: 'unchanged' };
      const identity = { ...row, email: openIdentityEmail(cipher, identityUuid, row) };
      if (identity.email === newEmail) return { kind: 'unchanged' };
      await tx
        .update(identities)
        .set({ ...identityEmailValues(cipher, identityUuid, newEmail), updatedAt: now })
        .where(eq(identities.uuid, identityUuid));
      const tokenDigest = digestUndoToken(cipher, undoToken);
      await tx.insert(emailChangeUndos).values({
        tokenDigest,
        identityUuid,
        oldEmailSealed: sealOldEmail(cipher, tokenDigest, identity.email),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_UNDO_TTL_MS),
      });
      await endIdentitySessions(tx, {
        identityUuid,
        ...(input.tokenId !== undefined ? { exceptTokenId: input.tokenId } : {}),
        at: now,
      });
      const undoUrl = `${input.linkOrigin}${UNDO_EMAIL_CHANGE_PAGE}?undoEmailChange=${undoToken}`;
      await queueEmail(
        tx,
        deps,
        'email-changed',
        emailChangedMessage({
          to: identity.email,
          newEmail,
          undoUrl,
          brand: brandFor(identity.organizationCode, deps.sandbox),
        }),
      );
      return { kind: 'changed' };
    });
  } catch (error) {
    // Another identity took the address between the check and the update: nothing changed.
    if (isUniqueViolation(error)) throw unavailable();
    throw error;
  }

  switch (outcome.kind) {
    case 'wrong':
      throw codeError(ALIAS_CONFIRM_MESSAGES.wrong);
    case 'last-wrong':
      throw codeError(ALIAS_CONFIRM_MESSAGES.lastWrong);
    case 'expired':
      throw codeError(ALIAS_CONFIRM_MESSAGES.expired);
    case 'burnt':
      throw new HttpError(429, 'RATE_LIMITED', ALIAS_CONFIRM_MESSAGES.burnt);
    case 'unavailable':
      throw unavailable();
    case 'unchanged':
    case 'changed':
      break;
  }
  return (await getLegacyIdentity(deps, identityUuid, now)).identity;
}
