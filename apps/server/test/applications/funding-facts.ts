/**
 * Tests that put an application into a funding state directly (applyTransition, or a forced state)
 * first record what the funding rules read: the end of signing (every generated
 * disclosure signed), the full collateral
 * confirmed on chain, an approved ID (unless `withoutId`) and, if asked, a payout destination.
 * Without them every path into CRYPTO_FUNDING_VERIFY, MANUAL_FUNDING_RELEASE or COMPLETE answers 409
 * FUNDING_REQUIREMENTS_MISSING (ID_NOT_APPROVED for the release without an ID).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../src/db/pool.js';
import {
  applications,
  auditEvents,
  collateralAccounts,
  collateralDeposits,
  disbursementAccounts,
  disclosureDocuments,
  documentSignatures,
  identityDocuments,
  offers,
} from '../../src/db/schema/index.js';
import { APPLICATION_ENTITY } from '../../src/services/applications/application-record.js';

export async function recordFundingFacts(
  db: TDb,
  appUuid: string,
  options: {
    destination?: 'US_BANK' | 'USDC_WALLET' | 'NONE';
    at?: Date;
    withoutId?: boolean;
  } = {},
): Promise<void> {
  const at = options.at ?? new Date();
  const [application] = await db.select().from(applications).where(eq(applications.uuid, appUuid));
  if (application?.selectedOfferUuid == null) throw new Error('No accepted offer to fund');
  const [offer] = await db
    .select()
    .from(offers)
    .where(eq(offers.uuid, application.selectedOfferUuid));
  if (offer === undefined) throw new Error('The accepted offer is missing');
  await db.insert(auditEvents).values({
    entityType: APPLICATION_ENTITY,
    entityId: appUuid,
    actor: 'system:test',
    fromState: 'SIGN_DOCS',
    toState: 'WAITING_FOR_COLLATERAL',
    reason: 'all documents signed (test)',
    at,
  });
  // Every generated disclosure signed, as the borrower would have.
  const documents = await db
    .select()
    .from(disclosureDocuments)
    .where(eq(disclosureDocuments.applicationUuid, appUuid));
  for (const document of documents) {
    await db
      .insert(documentSignatures)
      .values({
        documentUuid: document.uuid,
        identityUuid: document.identityUuid,
        signedAt: at,
        ipAddress: '127.0.0.1',
        userAgent: 'test',
        documentSha256: document.sha256,
      })
      .onConflictDoNothing();
  }
  await db
    .insert(collateralAccounts)
    .values({
      applicationUuid: appUuid,
      collateralType:
        offer.collateralType as (typeof collateralAccounts.$inferInsert)['collateralType'],
    })
    .onConflictDoNothing();
  await db.insert(collateralDeposits).values({
    applicationUuid: appUuid,
    txid: randomBytes(32).toString('hex'),
    amount: offer.collateralUnits,
    confirmations: 100,
    transactionTime: at,
    confirmedAt: at,
    firstSeenAt: at,
    updatedAt: at,
  });
  if (options.withoutId !== true) {
    // An ID an agent approved, as the review would leave it (the file itself is never read here).
    const sha256 = randomBytes(32).toString('hex');
    await db.insert(identityDocuments).values({
      applicationUuid: appUuid,
      ownerIdentityUuid: application.identityUuid,
      documentType: application.isInternational ? 'PASSPORT_FRONT' : 'DRIVERS_LICENSE_FRONT',
      fileName: 'id.png',
      contentType: 'image/png',
      sizeBytes: 1,
      sha256,
      storageKey: `identity-documents/test-${sha256}`,
      uploadedAt: at,
      reviewStatus: 'APPROVED',
      reviewedAt: at,
      reviewedBy: 'agent:test',
    });
  }
  const destination = options.destination ?? (application.isInternational ? 'NONE' : 'US_BANK');
  if (destination === 'NONE') return;
  await db
    .insert(disbursementAccounts)
    .values(
      destination === 'US_BANK'
        ? {
            applicationUuid: appUuid,
            method: 'MANUAL_BANK',
            accountType: 'CHECKING',
            routingNumber: '011000015',
            accountNumberMask: '6789',
            submissionDigest: `test:${appUuid}`,
          }
        : {
            applicationUuid: appUuid,
            method: 'USDC_WALLET',
            walletAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
            chain: 'Ethereum',
            submissionDigest: `test:${appUuid}`,
          },
    )
    .onConflictDoNothing();
}
