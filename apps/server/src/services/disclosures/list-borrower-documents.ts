/**
 * The disclosures of the caller's application, in signing order, with whether each is signed. The
 * borrower in the path must be the caller; anything else is not found.
 */
import type { TDocument } from '@pledge/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { disclosureDocuments, documentSignatures } from '../../db/schema/index.js';
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
