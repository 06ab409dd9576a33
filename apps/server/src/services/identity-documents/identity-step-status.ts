/**
 * The Verify Identity row of the final steps, from the uploads of an application. The latest upload
 * of each required document type counts: approved → done, pending → in review, rejected → the
 * borrower uploads again. Required: one ID, or with the additional-documents flag a passport
 * picture plus the additional document.
 */
import { ADDITIONAL_DOCUMENT_TYPE, type TFinalStepStatus } from '@pledge/domain';
import { desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identityDocuments } from '../../db/schema/index.js';
import { areAdditionalDocumentsRequired } from './additional-documents-required.js';

type TUpload = { documentType: string; reviewStatus: 'PENDING' | 'APPROVED' | 'REJECTED' };

/** Uploads newest first. */
export function identityStatusOf(
  uploadsNewestFirst: readonly TUpload[],
  options: { additionalDocumentRequired: boolean },
): TFinalStepStatus {
  const latestId = uploadsNewestFirst.find(
    (upload) => upload.documentType !== ADDITIONAL_DOCUMENT_TYPE,
  );
  const latestAdditional = uploadsNewestFirst.find(
    (upload) => upload.documentType === ADDITIONAL_DOCUMENT_TYPE,
  );
  const required = options.additionalDocumentRequired ? [latestId, latestAdditional] : [latestId];
  if (required.every((upload) => upload?.reviewStatus === 'APPROVED')) return 'COMPLETED';
  const isUnderway = required.some(
    (upload) => upload !== undefined && upload.reviewStatus !== 'REJECTED',
  );
  return isUnderway ? 'IN_PROGRESS' : 'NOT_STARTED';
}

/**
 * Whether an upload of this document type would replace an approved one: the latest upload of
 * the same kind (the ID, or the additional document) is approved. An approved document is final;
 * an agent who needs more asks for the additional document (the flag), which opens that kind only.
 */
export function isApprovedDocumentFinal(
  uploadsNewestFirst: readonly TUpload[],
  documentType: string,
): boolean {
  const isAdditional = documentType === ADDITIONAL_DOCUMENT_TYPE;
  const latestOfKind = uploadsNewestFirst.find(
    (upload) => (upload.documentType === ADDITIONAL_DOCUMENT_TYPE) === isAdditional,
  );
  return latestOfKind?.reviewStatus === 'APPROVED';
}

/** The application's uploads, newest first: their types and reviews. */
export function uploadsNewestFirst(db: TDb, applicationUuid: string): Promise<TUpload[]> {
  return db
    .select({
      documentType: identityDocuments.documentType,
      reviewStatus: identityDocuments.reviewStatus,
    })
    .from(identityDocuments)
    .where(eq(identityDocuments.applicationUuid, applicationUuid))
    .orderBy(desc(identityDocuments.uploadedAt));
}

export async function identityStepStatus(
  db: TDb,
  application: { uuid: string; organization: string },
): Promise<TFinalStepStatus> {
  const uploads = await uploadsNewestFirst(db, application.uuid);
  if (uploads.length === 0) return 'NOT_STARTED';
  return identityStatusOf(uploads, {
    additionalDocumentRequired: await areAdditionalDocumentsRequired(db, application.organization),
  });
}
