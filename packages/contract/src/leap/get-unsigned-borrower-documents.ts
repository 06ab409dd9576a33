import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZDocument } from '../entities/document.js';
import { ZAppBorrowerParams } from '../wire.js';

export const ZGetUnsignedBorrowerDocumentsResponse = z.array(ZDocument);
export type TGetUnsignedBorrowerDocumentsResponse = z.infer<
  typeof ZGetUnsignedBorrowerDocumentsResponse
>;

export const getUnsignedBorrowerDocuments = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/borrowers/:identityUuid/documents/unsigned`,
  auth: 'bearer',
  summary: 'The documents still to sign, in signing order',
  params: ZAppBorrowerParams,
  response: ZGetUnsignedBorrowerDocumentsResponse,
});
