import { z } from 'zod';
import { defineEndpoint, ZBinary } from '../define-endpoint.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZOpsIdentityDocumentParams = ZAppParams.extend({ docUuid: z.uuid() });

export const getOpsIdentityDocument = defineEndpoint({
  method: 'GET',
  path: `${OPS}/applications/:appUuid/identity-documents/:docUuid`,
  auth: 'agent',
  summary: 'The bytes of an uploaded ID for review (its own content type)',
  params: ZOpsIdentityDocumentParams,
  response: ZBinary,
});
