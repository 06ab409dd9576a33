import type { z } from 'zod/mini';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZSignDocumentResult } from '../entities/signature.js';
import { ZRefiDocumentParams } from './get-download-document.js';

export const ZPostRefiSignDocumentResponse = ZSignDocumentResult;
export type TPostRefiSignDocumentResponse = z.infer<typeof ZPostRefiSignDocumentResponse>;

/** Idempotent: signing an already signed disclosure answers the same result again. */
export const postRefiSignDocument = defineEndpoint({
  method: 'POST',
  path: `${REFI}/sign-document/:docUuid`,
  auth: 'bearer',
  summary: 'Agree to one refinancing disclosure; the last one submits the application',
  params: ZRefiDocumentParams,
  response: ZPostRefiSignDocumentResponse,
});
