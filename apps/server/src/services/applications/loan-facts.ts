/**
 * The recorded facts of one application as the domain's loan invariants read them (TLoanFacts):
 * read inside the transaction that changes the state (with the application locked), and by the
 * tests that check every invariant after every step.
 */
import { type TDisbursementDestinationKind, type TLoanFacts, type TLoanKind } from '@pledge/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applicationRequiredDisclosures,
  auditEvents,
  disbursementAccounts,
  disclosureDocuments,
  documentSignatures,
  usdcTestTransfers,
} from '../../db/schema/index.js';
import { identityDocumentFactOf } from '../identity-documents/identity-document-fact.js';
import { confirmedBalance, loadCollateralRecordsOf } from '../collateral/collateral-record.js';
import { offersByUuid } from '../offers/offer-record.js';
import { readPayoff } from '../ops/payoff-record.js';
import { servicingFactOf } from '../servicing/servicing-invariants.js';
import {
  applicationNotFound,
  type TApplicationRow,
  APPLICATION_ENTITY,
  findApplicationById,
} from './application-record.js';

export function loanKindOf(application: TApplicationRow): TLoanKind {
  if (application.isRollForward) return 'RENEWAL';
  if (application.isCelsiusRefi) return 'REFINANCE';
  return 'NEW_LOAN';
}

async function hasTransition(
  db: TDb,
  appUuid: string,
  from: readonly string[],
  to: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, APPLICATION_ENTITY),
        eq(auditEvents.entityId, appUuid),
        inArray(auditEvents.fromState, [...from]),
        eq(auditEvents.toState, to),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Signing ended (the state machine's ALL_DOCUMENTS_SIGNED), every generated disclosure is signed
 * and every required one was generated.
 */
async function documentsSignedOf(db: TDb, appUuid: string): Promise<boolean> {
  const signingEnded = await hasTransition(
    db,
    appUuid,
    ['SIGN_DOCS', 'CELSIUS_FULL_COLLATERAL_RECEIVED'],
    'WAITING_FOR_COLLATERAL',
  );
  if (!signingEnded) return false;
  const documents = await db
    .select({ kind: disclosureDocuments.kind, signature: documentSignatures.uuid })
    .from(disclosureDocuments)
    .leftJoin(documentSignatures, eq(documentSignatures.documentUuid, disclosureDocuments.uuid))
    .where(
      and(eq(disclosureDocuments.applicationUuid, appUuid), isNull(disclosureDocuments.voidedAt)),
    );
  if (documents.some((document) => document.signature === null)) return false;
  // Every disclosure the application needs was generated (and so signed above).
  const required = await db
    .select({ kind: applicationRequiredDisclosures.kind })
    .from(applicationRequiredDisclosures)
    .where(eq(applicationRequiredDisclosures.applicationUuid, appUuid));
  const signedKinds = new Set(documents.map((document) => document.kind));
  return required.every((row) => signedKinds.has(row.kind));
}

async function disbursementOf(db: TDb, appUuid: string): Promise<TLoanFacts['disbursement']> {
  const [destination] = await db
    .select({ method: disbursementAccounts.method })
    .from(disbursementAccounts)
    .where(eq(disbursementAccounts.applicationUuid, appUuid));
  if (destination === undefined) return { kind: null, verified: false };
  const kind: TDisbursementDestinationKind =
    destination.method === 'USDC_WALLET' ? 'USDC_WALLET' : 'US_BANK';
  if (kind === 'US_BANK') return { kind, verified: true };
  // A wallet is verified once the borrower confirmed the USDC test transfer arrived.
  const [transfer] = await db
    .select({ confirmedAt: usdcTestTransfers.confirmedAt })
    .from(usdcTestTransfers)
    .where(eq(usdcTestTransfers.applicationUuid, appUuid));
  return { kind, verified: transfer?.confirmedAt != null };
}

/** The facts of an application row (read in the caller's transaction). */
export async function loanFactsOf(db: TDb, application: TApplicationRow): Promise<TLoanFacts> {
  const offer =
    application.selectedOfferUuid === null
      ? undefined
      : (await offersByUuid(db, [application.selectedOfferUuid])).get(
          application.selectedOfferUuid,
        );
  const records = await loadCollateralRecordsOf(db, application.uuid);
  const payoff = await readPayoff(db, application.uuid);
  return {
    appUuid: application.uuid,
    state: application.state,
    stage: application.stage,
    kind: loanKindOf(application),
    residence: application.isInternational ? 'INTERNATIONAL' : 'DOMESTIC',
    documentsSigned: await documentsSignedOf(db, application.uuid),
    collateral: {
      requiredCoinQuantity: offer === undefined ? null : offer.collateralUnits,
      confirmedCoinQuantity: confirmedBalance(records.deposits),
      borrowerConfirmed: records.account?.borrowerConfirmedAt != null,
      walletSourceType: records.account?.walletSourceType ?? 'CUSTODIAL',
    },
    disbursement: await disbursementOf(db, application.uuid),
    identityDocument: await identityDocumentFactOf(db, application),
    collateralReleases: records.releases.map((release) => ({
      id: release.id,
      result: release.result,
      address: release.address,
      scheduledFor: release.scheduledFor.toISOString(),
      requestedAt: release.createdAt.toISOString(),
    })),
    payoff: payoff === undefined ? null : { method: payoff.method, paidOffAt: payoff.paidOffAt },
    funded: await hasTransition(db, application.uuid, ['MANUAL_FUNDING_RELEASE'], 'COMPLETE'),
    // The ledger's status and balance: a liquidation that left nothing owed lets the coins go back.
    servicing: await servicingFactOf(db, application.uuid),
  };
}

/** The facts of an application by its uuid; 404 when there is none. */
export async function loadLoanFacts(db: TDb, appUuid: string): Promise<TLoanFacts> {
  const application = await findApplicationById(db, appUuid);
  if (application === undefined) throw applicationNotFound();
  return loanFactsOf(db, application);
}
