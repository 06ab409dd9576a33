/**
 * The disclosures of the caller's application, in signing order, with whether each is signed. The
 * borrower in the path must be the caller; anything else is not found.
 */
import type { TDocument } from '@pledge/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { disclosureDocuments, documentSignatures } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { applicationNotFound, findOwnedApplication } from '../applications/application-record.js';
import { toDocumentView, type TDisclosureRow } from './disclosure-record.js';

export interface TBorrowerDocumentsInput {
  /** The signed-in borrower. */
  identityUuid: string;
  appUuid: string;
  /** The borrower named in the path. */
  borrowerUuid: string;
}

export async function assertOwnBorrowerPath(
  db: TDb,
  input: TBorrowerDocumentsInput,
): Promise<void> {
  if (input.borrowerUuid !== input.identityUuid) throw applicationNotFound();
  await findOwnedApplication(db, input.identityUuid, input.appUuid);
}

export async function documentsWithSignatures(
  db: TDb,
  appUuid: string,
  identityUuid: string,
): Promise<{ row: TDisclosureRow; signedAt: Date | null }[]> {
  const rows = await db
    .select({ row: disclosureDocuments, signedAt: documentSignatures.signedAt })
    .from(disclosureDocuments)
    .leftJoin(documentSignatures, eq(documentSignatures.documentUuid, disclosureDocuments.uuid))
    .where(
      and(
        eq(disclosureDocuments.applicationUuid, appUuid),
        eq(disclosureDocuments.identityUuid, identityUuid),
        // A voided document belongs to an offer the application left: never signed or listed.
        isNull(disclosureDocuments.voidedAt),
      ),
    )
    .orderBy(asc(disclosureDocuments.position));
  return rows;
}

type TSigningDocument = { row: TDisclosureRow; signedAt: Date | null };

/**
 * Throws unless the document at `index` may be signed now: the application open for signing, and
 * every document before it signed.
 */
export function assertSignableNow(
  documents: readonly TSigningDocument[],
  index: number,
  isOpenForSigning: boolean,
): void {
  if (!isOpenForSigning) {
    throw new HttpError(
      409,
      'NOT_SIGNABLE',
      'Documents can be signed only while they are open for signing',
    );
  }
  if (documents.slice(0, index).some((document) => document.signedAt === null)) {
    throw new HttpError(409, 'SIGN_IN_ORDER', 'Sign the earlier documents first');
  }
}

/** Whether signing `target` leaves no document unsigned. */
export function isLastUnsigned(
  documents: readonly TSigningDocument[],
  target: { row: TDisclosureRow },
): boolean {
  return documents.every(
    (document) => document.signedAt !== null || document.row.uuid === target.row.uuid,
  );
}

/** Keeps the borrower's signature of a document: the bytes' hash, the time, where from. */
export async function recordSignature(
  tx: TDb,
  input: {
    target: { row: TDisclosureRow };
    identityUuid: string;
    signedAt: Date;
    ipAddress: string;
    userAgent: string;
  },
): Promise<void> {
  await tx.insert(documentSignatures).values({
    documentUuid: input.target.row.uuid,
    identityUuid: input.identityUuid,
    signedAt: input.signedAt,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    documentSha256: input.target.row.sha256,
  });
}

export async function listBorrowerDocuments(
  db: TDb,
  input: TBorrowerDocumentsInput & { onlyUnsigned: boolean },
): Promise<TDocument[]> {
  await assertOwnBorrowerPath(db, input);
  const documents = await documentsWithSignatures(db, input.appUuid, input.identityUuid);
  return documents
    .filter((document) => !input.onlyUnsigned || document.signedAt === null)
    .map((document) => toDocumentView(document.row, document.signedAt));
}
