import type { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZSignDocumentResult } from '../entities/signature.js';
import { ZAppBorrowerDocumentParams } from '../wire.js';

export const ZPostSignDocumentResponse = ZSignDocumentResult;
export type TPostSignDocumentResponse = z.infer<typeof ZPostSignDocumentResponse>;

/** Idempotent: signing an already signed document answers the same result again. */
export const postSignDocument = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/borrowers/:identityUuid/documents/:docUuid/sign`,
  auth: 'bearer',
  summary: 'E-sign one document; documents are signed one at a time, in order',
  params: ZAppBorrowerDocumentParams,
  response: ZPostSignDocumentResponse,
});
