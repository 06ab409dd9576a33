import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail, ZOpsReason } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZPostOpsRejectIdentityResponse = ZOpsApplicationDetail;
export type TPostOpsRejectIdentityResponse = z.infer<typeof ZPostOpsRejectIdentityResponse>;

export const postOpsRejectIdentity = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/identity/reject`,
  auth: 'agent',
  summary: 'Reject the uploaded ID: Verify Identity returns to NOT_STARTED for a new upload',
  params: ZAppParams,
  body: ZOpsReason,
  response: ZPostOpsRejectIdentityResponse,
});
