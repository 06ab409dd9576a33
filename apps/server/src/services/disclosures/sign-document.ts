/**
 * The borrower e-signs one disclosure (document 1 §4: one at a time, in order). The signature keeps
 * the time, IP address, user agent and the SHA-256 of the signed PDF. Signing is idempotent: a
 * document already signed answers its signature again, so a retry or a double click (concurrent
 * requests wait on the application's row lock) creates one; a document found signed already is
 * answered without taking that lock. The last signature moves the application SIGN_DOCS →
 * WAITING_FOR_COLLATERAL in the same transaction.
 */
import type { TSignDocumentResult } from '@pledge/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { placeholder, preparedPerPool } from '../../db/named-statement.js';
import type { TDb } from '../../db/pool.js';

import { applications, disclosureDocuments, documentSignatures } from '../../db/schema/index.js';
import { lockOwnedApplication, applicationNotFound } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { completeRenewalIfCollateralIn } from '../renewal/complete-renewal.js';
import { assertRenewalTermsHold } from '../renewal/reprice-renewal.js';
import {
  DOCUMENT_VIEW_COLUMNS,
  toDocumentView,
  type TDocumentDeps,
  type TSignedDocumentsRead,
} from './disclosure-record.js';
import {
  assertSignableNow,
  documentsWithSignatures,
  isLastUnsigned,
  recordSignature,
  type TBorrowerDocumentsInput,
} from './list-borrower-documents.js';
import { documentNotFound } from './read-borrower-document.js';

export interface TSignDocumentInput extends TBorrowerDocumentsInput {
  docUuid: string;
  ipAddress: string;
  userAgent: string;
  /**
   * The caller's documents of the application with their signatures, as the session check read
   * them (null: the caller has no application of that uuid); read here when absent.
   */
  signedDocuments?: TSignedDocumentsRead | null;
}

/** The caller's documents with their signatures and the application's state, in one statement. */
function signedDocumentsStatement(db: TDb) {
  return db
    .select({
      row: DOCUMENT_VIEW_COLUMNS,
      signedAt: documentSignatures.signedAt,
      state: applications.state,
      stage: applications.stage,
    })
    .from(disclosureDocuments)
    .innerJoin(
      applications,
      and(
        eq(applications.uuid, disclosureDocuments.applicationUuid),
        eq(applications.identityUuid, placeholder('identityUuid')),
      ),
    )
    .leftJoin(documentSignatures, eq(documentSignatures.documentUuid, disclosureDocuments.uuid))
    .where(
      and(
        eq(disclosureDocuments.applicationUuid, placeholder('appUuid')),
        eq(disclosureDocuments.identityUuid, placeholder('identityUuid')),
        // A voided document is never signed or listed again: not answered as signed either.
        isNull(disclosureDocuments.voidedAt),
      ),
    )
    .prepare('sign_document_signed_read');
}

/** The read of alreadySigned, prepared once per pool (PostgreSQL plans it once per connection). */
const signedDocumentsRead = preparedPerPool(signedDocumentsStatement);

/** What the session check reads with the session (see TSignDocumentInput), read on its own. */
async function readSignedDocuments(
  db: TDb,
  input: TSignDocumentInput,
): Promise<TSignedDocumentsRead | null> {
  const rows = await signedDocumentsRead(db).execute({
    appUuid: input.appUuid,
    identityUuid: input.identityUuid,
  });
  const [first] = rows;
  if (first === undefined) return null;
  return {
    documents: rows.map(({ row, signedAt }) => ({ row, signedAt })),
    state: first.state,
    stage: first.stage,
  };
}

/**
 * The answer for a document already signed, from the caller's documents read in one statement
 * and without the application's lock: a signature is final, so a retry or a double click is
 * answered again without waiting for other requests on the application. The documents and the
 * application come from one snapshot, so the count still to sign and the state agree. Undefined
 * when the document is not signed (or not found): the locked path decides then.
 */
function alreadySigned(
  read: TSignedDocumentsRead | null,
  docUuid: string,
): TSignDocumentResult | undefined {
  const target = read?.documents.find((document) => document.row.uuid === docUuid);
  if (read === null || target === undefined || target.signedAt === null) return undefined;
  return {
    document: toDocumentView(target.row, target.signedAt),
    unsignedRemaining: read.documents.filter((document) => document.signedAt === null).length,
    state: read.state,
    stage: read.stage,
  };
}

export async function signDocument(
  deps: Pick<TDocumentDeps, 'db' | 'clock'>,
  input: TSignDocumentInput,
): Promise<TSignDocumentResult> {
  if (input.borrowerUuid !== input.identityUuid) throw applicationNotFound();
  const read =
    input.signedDocuments === undefined
      ? await readSignedDocuments(deps.db, input)
      : input.signedDocuments;
  const signed = alreadySigned(read, input.docUuid);
  if (signed !== undefined) return signed;
  // A renewal is re-priced at its signatures: one whose terms no longer hold ends, unsigned.
  await assertRenewalTermsHold(deps, input);
  return deps.db.transaction(async (tx) => {
    let application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const documents = await documentsWithSignatures(tx, input.appUuid, input.identityUuid);
    const index = documents.findIndex((document) => document.row.uuid === input.docUuid);
    const target = documents[index];
    if (target === undefined) throw documentNotFound();

    let signedAt = target.signedAt;
    if (signedAt === null) {
      assertSignableNow(documents, index, application.state === 'SIGN_DOCS');
      signedAt = deps.clock();
      await recordSignature(tx, { ...input, target, signedAt });
      if (isLastUnsigned(documents, target)) {
        ({ application } = await applyTransition(tx, {
          appUuid: input.appUuid,
          event: 'ALL_DOCUMENTS_SIGNED',
          actor: actors.borrower(input.identityUuid),
          reason: 'all documents signed',
          at: signedAt,
        }));
        // A renewal without a top-up still due is complete with its last signature.
        application = await completeRenewalIfCollateralIn(tx, {
          renewal: application,
          actor: actors.borrower(input.identityUuid),
          at: signedAt,
        });
      }
    }
    const unsignedRemaining = documents.filter(
      (document) => document.signedAt === null && document.row.uuid !== target.row.uuid,
    ).length;
    return {
      document: toDocumentView(target.row, signedAt),
      unsignedRemaining,
      state: application.state,
      stage: application.stage,
    };
  });
}
