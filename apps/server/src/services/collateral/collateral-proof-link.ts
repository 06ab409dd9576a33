/**
 * Public links to a loan's collateral proof. A link's token is 32 random bytes (base64url); only
 * its SHA-256 is stored, so the link is shown once, when made. A loan has at most one link on:
 * making one turns the one before off, and the borrower may turn it off at any time.
 *
 * A request with an Idempotency-Key makes its token from the key (a keyed digest, so the link can
 * be answered again without being stored): a double click or a retry of one "make a link" answers
 * the same link, still on, instead of turning it off with a second one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TPostCollateralProofLinkResponse } from '@pledge/contract';
import { COLLATERAL_PROOF_TOKEN_BYTES } from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { collateralAccounts, collateralProofLinks } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { actors } from '../applications/apply-transition.js';
import { lockOwnedApplication } from '../applications/application-record.js';
import { collateralNotFound } from './collateral-record.js';

export interface TCollateralProofLinkDeps {
  db: TDb;
  clock: TClock;
  /** Its blind index key makes a keyed request's token. */
  cipher: Pick<TFieldCipher, 'blindIndex'>;
}

export const PROOF_LINK_KEY_USED_MESSAGE =
  'The link this request made was turned off or replaced: make a new link';

/** The purpose of the keyed digest that makes a link's token from an Idempotency-Key. */
const KEYED_TOKEN_PURPOSE = 'collateral-proof-link-token';

/** A new link's token: from the request's Idempotency-Key when it has one, else random. */
function newToken(
  cipher: TCollateralProofLinkDeps['cipher'],
  appUuid: string,
  idempotencyKey: string | undefined,
): string {
  if (idempotencyKey === undefined) {
    return randomBytes(COLLATERAL_PROOF_TOKEN_BYTES).toString('base64url');
  }
  // HMAC-SHA256, base64url: 32 bytes as a random token has, secret without the server's key.
  return cipher.blindIndex(`${appUuid}\u0000${idempotencyKey}`, KEYED_TOKEN_PURPOSE);
}

/** The stored fingerprint of a link's token. */
export function proofTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

async function turnOff(tx: TDb, appUuid: string, now: Date): Promise<void> {
  await tx
    .update(collateralProofLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(collateralProofLinks.applicationUuid, appUuid),
        isNull(collateralProofLinks.revokedAt),
      ),
    );
}

export async function makeCollateralProofLink(
  deps: TCollateralProofLinkDeps,
  input: { identityUuid: string; appUuid: string; idempotencyKey?: string | undefined },
): Promise<TPostCollateralProofLinkResponse> {
  return deps.db.transaction(async (tx) => {
    // Locked: two requests at once each turn the link before off in turn, one link stays on.
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const [account] = await tx
      .select({ address: collateralAccounts.depositAddress })
      .from(collateralAccounts)
      .where(eq(collateralAccounts.applicationUuid, application.uuid));
    if (account?.address == null) throw collateralNotFound();
    const token = newToken(deps.cipher, application.uuid, input.idempotencyKey);
    const tokenHash = proofTokenHash(token);
    if (input.idempotencyKey !== undefined) {
      const [made] = await tx
        .select({
          createdAt: collateralProofLinks.createdAt,
          revokedAt: collateralProofLinks.revokedAt,
        })
        .from(collateralProofLinks)
        .where(
          and(
            eq(collateralProofLinks.applicationUuid, application.uuid),
            eq(collateralProofLinks.tokenHash, tokenHash),
          ),
        );
      if (made !== undefined) {
        // The same request again: its link, if still on; never a link the borrower turned off.
        if (made.revokedAt !== null) {
          throw new HttpError(409, 'PROOF_LINK_KEY_USED', PROOF_LINK_KEY_USED_MESSAGE);
        }
        return { token, createdAt: made.createdAt.toISOString() };
      }
    }
    const now = deps.clock();
    await turnOff(tx, application.uuid, now);
    await tx.insert(collateralProofLinks).values({
      applicationUuid: application.uuid,
      tokenHash,
      createdBy: actors.borrower(input.identityUuid),
      createdAt: now,
    });
    return { token, createdAt: now.toISOString() };
  });
}

export async function turnOffCollateralProofLink(
  deps: TCollateralProofLinkDeps,
  input: { identityUuid: string; appUuid: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    await turnOff(tx, application.uuid, deps.clock());
  });
}
