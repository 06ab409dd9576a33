import { defineEndpoint, LEAP, ZBinary } from '../define-endpoint.js';
import { ZAppBorrowerDocumentParams } from '../wire.js';

export const getBorrowerDocument = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/borrowers/:identityUuid/documents/:docUuid`,
  auth: 'bearer',
  summary: 'The PDF bytes of one document (application/pdf)',
  params: ZAppBorrowerDocumentParams,
  response: ZBinary,
});
