/**
 * Public links to a loan's collateral proof. A link's token is 32 random bytes (base64url); only
 * its SHA-256 is stored, so the link is shown once, when made. A loan has at most one link on:
 * making one turns the one before off, and the borrower may turn it off at any time.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TPostCollateralProofLinkResponse } from '@pledge/contract';
import { COLLATERAL_PROOF_TOKEN_BYTES } from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { collateralAccounts, collateralProofLinks } from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';
import { actors } from '../applications/apply-transition.js';
import { lockOwnedApplication } from '../applications/application-record.js';
import { collateralNotFound } from './collateral-record.js';

export interface TCollateralProofLinkDeps {
  db: TDb;
  clock: TClock;
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
  input: { identityUuid: string; appUuid: string },
): Promise<TPostCollateralProofLinkResponse> {
  return deps.db.transaction(async (tx) => {
    // Locked: two requests at once each turn the link before off in turn, one link stays on.
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const [account] = await tx
      .select({ address: collateralAccounts.depositAddress })
      .from(collateralAccounts)
      .where(eq(collateralAccounts.applicationUuid, application.uuid));
    if (account?.address == null) throw collateralNotFound();
    const now = deps.clock();
    await turnOff(tx, application.uuid, now);
    const token = randomBytes(COLLATERAL_PROOF_TOKEN_BYTES).toString('base64url');
    await tx.insert(collateralProofLinks).values({
      applicationUuid: application.uuid,
      tokenHash: proofTokenHash(token),
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
