import { z } from 'zod/mini';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZDocument } from '../entities/document.js';
import { ZAppBorrowerParams } from '../wire.js';

export const ZGetRefiUnsignedDocumentsResponse = z.array(ZDocument);
export type TGetRefiUnsignedDocumentsResponse = z.infer<typeof ZGetRefiUnsignedDocumentsResponse>;

export const getRefiUnsignedDocuments = defineEndpoint({
  method: 'GET',
  path: `${REFI}/applications/:appUuid/borrowers/:identityUuid/documents/unsigned`,
  auth: 'bearer',
  summary: 'Refinancing disclosures still to sign, in signing order',
  params: ZAppBorrowerParams,
  response: ZGetRefiUnsignedDocumentsResponse,
});
