import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZDocument } from '../entities/document.js';
import { ZAppBorrowerParams } from '../wire.js';

export const ZGetBorrowerDocumentsResponse = z.array(ZDocument);
export type TGetBorrowerDocumentsResponse = z.infer<typeof ZGetBorrowerDocumentsResponse>;

export const getBorrowerDocuments = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/borrowers/:identityUuid/documents`,
  auth: 'bearer',
  summary: 'Every document of the application for that borrower, signed or not',
  params: ZAppBorrowerParams,
  response: ZGetBorrowerDocumentsResponse,
});
