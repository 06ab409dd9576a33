import type { z } from 'zod/mini';
import { MAX_ID_UPLOAD_BODY_BYTES } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZIdentityDocument } from '../entities/identity-document.js';
import { ZAppParams } from '../wire.js';

export const ZPostIdentityDocumentsResponse = ZIdentityDocument;
export type TPostIdentityDocumentsResponse = z.infer<typeof ZPostIdentityDocumentsResponse>;

/**
 * multipart/form-data, parsed by the server rather than by a JSON schema. Fields: `document` (the
 * file: png, jpeg or pdf, checked by magic bytes, size-limited), `documentOwnerIdentityUuid`,
 * `documentType` (one of IDENTITY_DOCUMENT_TYPES) and `fileName`.
 */
export const postIdentityDocuments = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/identity-documents`,
  auth: 'bearer',
  summary:
    'Upload an ID (multipart/form-data: document = png, jpeg or pdf file; documentOwnerIdentityUuid; documentType; fileName); Verify Identity becomes IN_PROGRESS',
  params: ZAppParams,
  response: ZPostIdentityDocumentsResponse,
  status: 201,
  maxBodyBytes: MAX_ID_UPLOAD_BODY_BYTES,
});
