import { z } from 'zod/mini';
import { defineEndpoint, ZBinary } from '../define-endpoint.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZOpsIdentityDocumentParams = z.extend(ZAppParams, { docUuid: z.uuid() });

export const getOpsIdentityDocument = defineEndpoint({
  method: 'GET',
  path: `${OPS}/applications/:appUuid/identity-documents/:docUuid`,
  auth: 'agent',
  summary: 'The bytes of an uploaded ID for review (its own content type)',
  params: ZOpsIdentityDocumentParams,
  response: ZBinary,
});
