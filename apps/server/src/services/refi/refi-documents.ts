/**
 * The refinancing disclosures on the R/ paths: the ones still to sign, the PDF bytes of one, and
 * signing one (one at a time, in order). Signing is idempotent: a signed document answers its
 * signature again, so a retry or a double click (concurrent requests wait on the application's row
 * lock) makes one. The last signature moves the application to WAITING_FOR_COLLATERAL and enqueues
 * its completion (refi.complete).
 *
 * The last signature is priced (issue 34): at the current price the submitted offer's terms must
 * still hold (refiSignatureRefusal). Otherwise it is not recorded: the refinancing goes back to its
 * offers priced anew, the documents of the stale offer are voided, and the borrower is told why
 * (409 REFI_REPRICED) and accepts the new offer.
 */
import {
  ZRefiDocumentText,
  type TDocument,
  type TGetRefiDocumentTextResponse,
  type TSignDocumentResult,
} from '@pledge/contract';
import { isOfferedCollateralType, type TRefiCommitRefusal } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TPriceQuote } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { disclosureDocuments, offers } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import { refiCompleteJob } from '../../jobs/definitions/refi-complete.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { toDocumentView } from '../disclosures/disclosure-record.js';
import {
  assertSignableNow,
  documentsWithSignatures,
  isLastUnsigned,
  recordSignature,
} from '../disclosures/list-borrower-documents.js';
import { documentNotFound } from '../disclosures/read-borrower-document.js';
import { readDisclosurePdf } from '../disclosures/store-disclosure-document.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { currentPrice } from '../prices/current-price.js';
import type { TRefiDeps } from './refi-deps.js';
import { ensureRefiDisclosures, refiDocumentTextKey } from './refi-disclosures.js';
import { findOwnedRefi, refiOffersByUuid, type TRefiApplicationRow } from './refi-record.js';
import { repriceRefi, refiSignatureTermsRefusal } from './reprice-refi.js';

export async function listRefiUnsignedDocuments(
  deps: TRefiDeps,
  input: { identityUuid: string; appUuid: string; borrowerUuid: string },
): Promise<TDocument[]> {
  if (input.borrowerUuid !== input.identityUuid) throw documentNotFound();
  await findOwnedRefi(deps.db, input.identityUuid, input.appUuid);
  // Generated on first need should an earlier generation have been interrupted.
  await ensureRefiDisclosures(deps, input.appUuid);
  const documents = await documentsWithSignatures(deps.db, input.appUuid, input.identityUuid);
  return documents
    .filter((document) => document.signedAt === null)
    .map((document) => toDocumentView(document.row, null));
}

async function ownedDocument(deps: Pick<TRefiDeps, 'db'>, identityUuid: string, docUuid: string) {
  const [row] = await deps.db
    .select()
    .from(disclosureDocuments)
    .where(
      and(
        eq(disclosureDocuments.uuid, docUuid),
        eq(disclosureDocuments.identityUuid, identityUuid),
      ),
    );
  if (row === undefined) throw documentNotFound();
  // Only the documents of the caller's refinancing applications.
  await findOwnedRefi(deps.db, identityUuid, row.applicationUuid).catch(() => {
    throw documentNotFound();
  });
  return row;
}

export async function readRefiDocument(
  deps: TRefiDeps,
  input: { identityUuid: string; docUuid: string },
): Promise<{ bytes: Buffer; fileName: string }> {
  const row = await ownedDocument(deps, input.identityUuid, input.docUuid);
  const bytes = await readDisclosurePdf(deps.store, row);
  return { bytes, fileName: `${row.kind.toLowerCase().replaceAll('_', '-')}.pdf` };
}

/**
 * The words of a disclosure, as its PDF has them, for the signing page to show; null for a
 * document generated before they were kept (its PDF is downloaded to read it).
 */
export async function readRefiDocumentText(
  deps: Pick<TRefiDeps, 'db' | 'store'>,
  input: { identityUuid: string; docUuid: string },
): Promise<TGetRefiDocumentTextResponse> {
  const row = await ownedDocument(deps, input.identityUuid, input.docUuid);
  const bytes = await deps.store.get(refiDocumentTextKey(row.storageKey));
  if (bytes === null) return { text: null };
  const parsed = ZRefiDocumentText.safeParse(JSON.parse(bytes.toString('utf8')));
  return { text: parsed.success ? parsed.data : null };
}

const SIGNABLE_STATES = ['SIGN_DOCS', 'CELSIUS_FULL_COLLATERAL_RECEIVED'];

export const REFI_DOCUMENT_VOIDED_MESSAGE =
  'This document stated an offer whose terms changed, so it was voided. Review the new offer and accept it again.';

/** The price to sign the last document at, read before its transaction when it may be the last. */
async function quoteForLastSignature(
  deps: TRefiDeps,
  input: { identityUuid: string; appUuid: string; docUuid: string },
): Promise<TPriceQuote | null> {
  const documents = await documentsWithSignatures(deps.db, input.appUuid, input.identityUuid);
  const unsigned = documents.filter((candidate) => candidate.signedAt === null);
  if (unsigned.length !== 1 || unsigned[0]?.row.uuid !== input.docUuid) return null;
  const { refi } = await findOwnedRefi(deps.db, input.identityUuid, input.appUuid);
  if (!isOfferedCollateralType(refi.collateralType)) return null;
  return currentPrice(deps.prices, refi.collateralType);
}

/**
 * Inside the signature's transaction: whether the submitted offer's terms still hold at the
 * price, and when they do not, the refinancing back to its offers priced anew (documents voided).
 */
async function repriceAtLastSignature(
  tx: TDb,
  deps: TRefiDeps,
  input: { application: TApplicationRow; identityUuid: string; quote: TPriceQuote | null },
): Promise<TRefiCommitRefusal | null> {
  const { application } = input;
  if (application.selectedOfferUuid === null) return null;
  const { refi }: { refi: TRefiApplicationRow } = await findOwnedRefi(
    tx,
    input.identityUuid,
    application.uuid,
  );
  if (!isOfferedCollateralType(refi.collateralType)) return null;
  const [offer] = await tx
    .select()
    .from(offers)
    .where(eq(offers.uuid, application.selectedOfferUuid));
  const treatment = (await refiOffersByUuid(tx, [application.selectedOfferUuid])).get(
    application.selectedOfferUuid,
  );
  if (offer === undefined || treatment === undefined) return null;
  // Another request signed the others meanwhile: the price is read now.
  const quote = input.quote ?? (await currentPrice(deps.prices, refi.collateralType));
  const refusal = refiSignatureTermsRefusal({
    refi,
    offer,
    treatment,
    quote,
    isTopUpIn: application.state === 'CELSIUS_FULL_COLLATERAL_RECEIVED',
  });
  if (refusal === null) return null;
  await repriceRefi(tx, {
    application,
    refi,
    treatment,
    refusal,
    quote,
    identityUuid: input.identityUuid,
    now: deps.clock(),
    sandbox: deps.sandbox,
    at: 'LAST_SIGNATURE',
  });
  return refusal;
}

type TSignOutcome =
  | { result: TSignDocumentResult; refusal?: undefined }
  | { result?: undefined; refusal: TRefiCommitRefusal };

export async function signRefiDocument(
  deps: TRefiDeps,
  input: { identityUuid: string; docUuid: string; ipAddress: string; userAgent: string },
): Promise<TSignDocumentResult> {
  const document = await ownedDocument(deps, input.identityUuid, input.docUuid);
  const appUuid = document.applicationUuid;
  const quote = await quoteForLastSignature(deps, { ...input, appUuid });
  const outcome = await deps.db.transaction(async (tx): Promise<TSignOutcome> => {
    let { application } = await findOwnedRefi(tx, input.identityUuid, appUuid, { lock: true });
    const documents = await documentsWithSignatures(tx, appUuid, input.identityUuid);
    const index = documents.findIndex((candidate) => candidate.row.uuid === input.docUuid);
    const target = documents[index];
    if (target === undefined) {
      if (document.voidedAt !== null) {
        throw new HttpError(409, 'DOCUMENT_VOIDED', REFI_DOCUMENT_VOIDED_MESSAGE);
      }
      throw documentNotFound();
    }
    let signedAt = target.signedAt;
    if (signedAt === null) {
      assertSignableNow(documents, index, SIGNABLE_STATES.includes(application.state));
      const isLast = isLastUnsigned(documents, target);
      if (isLast) {
        const refusal = await repriceAtLastSignature(tx, deps, {
          application,
          identityUuid: input.identityUuid,
          quote,
        });
        if (refusal !== null) return { refusal };
      }
      signedAt = deps.clock();
      await recordSignature(tx, { ...input, target, signedAt });
      if (isLast) {
        ({ application } = await applyTransition(tx, {
          appUuid,
          event: 'ALL_DOCUMENTS_SIGNED',
          actor: actors.borrower(input.identityUuid),
          reason: 'all refinancing documents signed',
          context: { isCelsiusRefi: true },
          at: signedAt,
        }));
        await enqueue(
          tx,
          refiCompleteJob,
          { appUuid },
          { dedupeKey: `${refiCompleteJob.kind}:${appUuid}` },
        );
      }
    }
    return {
      result: {
        document: toDocumentView(target.row, signedAt),
        unsignedRemaining: documents.filter(
          (candidate) => candidate.signedAt === null && candidate.row.uuid !== target.row.uuid,
        ).length,
        state: application.state,
        stage: application.stage,
      },
    };
  });
  // Committed before the refusal: the signature is not recorded, the new offers stay to choose.
  if (outcome.refusal !== undefined) {
    throw new HttpError(409, outcome.refusal.code, outcome.refusal.message);
  }
  return outcome.result;
}
