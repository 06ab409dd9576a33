import { z } from 'zod/mini';
import { defineEndpoint, REFI, ZBinary } from '../define-endpoint.js';

export const ZRefiDocumentParams = z.object({ docUuid: z.uuid() });

export const getRefiDownloadDocument = defineEndpoint({
  method: 'GET',
  path: `${REFI}/download-document/:docUuid`,
  auth: 'bearer',
  summary: 'The PDF bytes of a refinancing disclosure (application/pdf; own documents only)',
  params: ZRefiDocumentParams,
  response: ZBinary,
});
