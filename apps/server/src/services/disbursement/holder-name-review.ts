/**
 * The agent review of a typed-in bank account whose holder name is not the name the application
 * was underwritten on (the rule is the domain's `isSameHolderName`). A review belongs to one version of the
 * application's disbursement account: a new account replaces the question. While the current
 * account's review is pending, or after it was rejected, no funds are released to it.
 */
import { isSameHolderName, type TPersonName } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, disbursementAccounts, holderNameReviews } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { actors } from '../applications/apply-transition.js';
import { underwrittenFactsOf } from '../profile/frozen-credit-facts.js';

/** audit_events.entity_type of holder-name reviews (entity id: the application). */
export const HOLDER_NAME_REVIEW_ENTITY = 'holder_name_review';

export type THolderNameReviewRow = typeof holderNameReviews.$inferSelect;

/** The review of the application's current payout account, or null when it needed none. */
export async function currentHolderNameReview(
  db: TDb,
  appUuid: string,
): Promise<THolderNameReviewRow | null> {
  const [row] = await db
    .select({ review: holderNameReviews })
    .from(holderNameReviews)
    .innerJoin(
      disbursementAccounts,
      and(
        eq(disbursementAccounts.applicationUuid, holderNameReviews.applicationUuid),
        eq(disbursementAccounts.version, holderNameReviews.disbursementVersion),
      ),
    )
    .where(eq(holderNameReviews.applicationUuid, appUuid))
    .limit(1);
  return row?.review ?? null;
}

/**
 * The borrower's name as the comparison reads it: the one the application's credit pull was made
 * on, not the profile's, which a later application's details may have changed (the profile's only
 * for an application without a pull, a refinancing); null when none is on file.
 */
export async function underwrittenNameOf(
  db: TDb,
  cipher: TFieldCipher,
  input: { appUuid: string; identityUuid: string },
): Promise<TPersonName | null> {
  const { facts } = await underwrittenFactsOf(db, cipher, input);
  return facts === null ? null : { firstName: facts.name.firstName, lastName: facts.name.lastName };
}

/**
 * After a typed-in account was saved (same transaction): when its holder is not the borrower, the
 * account is held for an agent's review. A payout account is taken only once the loan details (and
 * so the name) are on file; without a name there is nothing to compare, and no review.
 */
export async function reviewHolderNameIfNeeded(
  tx: TDb,
  cipher: TFieldCipher,
  input: { appUuid: string; identityUuid: string; holder: TPersonName; at: Date },
): Promise<void> {
  const borrower = await underwrittenNameOf(tx, cipher, input);
  if (borrower === null || isSameHolderName(input.holder, borrower)) return;
  const [account] = await tx
    .select({ version: disbursementAccounts.version })
    .from(disbursementAccounts)
    .where(eq(disbursementAccounts.applicationUuid, input.appUuid));
  if (account === undefined) throw new Error('The reviewed disbursement account is gone');
  await tx
    .insert(holderNameReviews)
    .values({
      applicationUuid: input.appUuid,
      disbursementVersion: account.version,
      status: 'PENDING',
      createdAt: input.at,
    })
    .onConflictDoNothing();
  await tx.insert(auditEvents).values({
    entityType: HOLDER_NAME_REVIEW_ENTITY,
    entityId: input.appUuid,
    actor: actors.system('holder-name-check'),
    fromState: null,
    toState: 'PENDING',
    reason: 'bank account held for review: the holder name is not the borrower’s name',
    at: input.at,
  });
}

/**
 * The loan waits for its release but the payout account was refused: the borrower may then give
 * another account (otherwise locked once the collateral is verified).
 */
export async function isRefusedHolderNameAwaitingRelease(
  tx: TDb,
  application: { uuid: string; state: string },
): Promise<boolean> {
  if (application.state !== 'MANUAL_FUNDING_RELEASE') return false;
  return (await currentHolderNameReview(tx, application.uuid))?.status === 'REJECTED';
}
