import { postIdentityDocuments, type TPostIdentityDocumentsResponse } from '@pledge/contract';
import type { TIdentityDocumentType } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';

export interface TIdentityDocumentUpload {
  appUuid: string;
  /** The borrower the document belongs to (the signed-in borrower). */
  documentOwnerIdentityUuid: string;
  documentType: TIdentityDocumentType;
  file: File;
}

/**
 * Uploads one identity file as multipart/form-data (document 1 §3: document,
 * documentOwnerIdentityUuid, documentType, fileName). The same file sent again answers the first
 * upload, so a retry stores nothing twice.
 */
export function uploadIdentityDocument(
  upload: TIdentityDocumentUpload,
): Promise<TPostIdentityDocumentsResponse> {
  const formData = new FormData();
  formData.append('documentOwnerIdentityUuid', upload.documentOwnerIdentityUuid);
  formData.append('documentType', upload.documentType);
  formData.append('fileName', upload.file.name);
  formData.append('document', upload.file, upload.file.name);
  return apiRequest(postIdentityDocuments, { params: { appUuid: upload.appUuid }, formData });
}
