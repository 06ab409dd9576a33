/** Identity uploads as stored and as the API shows them. */
import type { TIdentityDocument } from '@pledge/contract';
import type { TAcceptedIdMimeType, TIdentityDocumentType } from '@pledge/domain';
import type { identityDocuments } from '../../db/schema/index.js';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import type { TClock } from '../../security/jwt.js';

export type TIdentityDocumentRow = typeof identityDocuments.$inferSelect;

/** Storage area of uploaded identity files. */
export const IDENTITY_DOCUMENTS_AREA = 'identity-documents';

export interface TIdentityDocumentDeps {
  db: TDb;
  store: TEncryptedStore;
  clock: TClock;
  /** Sandbox: an approval job follows every upload, standing in for an agent. */
  autoReview: boolean;
}

export function toIdentityDocumentView(row: TIdentityDocumentRow): TIdentityDocument {
  return {
    uuid: row.uuid,
    documentType: row.documentType as TIdentityDocumentType,
    documentOwnerIdentityUuid: row.ownerIdentityUuid,
    fileName: row.fileName,
    contentType: row.contentType as TAcceptedIdMimeType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
    reviewStatus: row.reviewStatus,
    reviewReason: row.reviewReason,
  };
}
