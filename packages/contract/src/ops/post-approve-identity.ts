import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZPostOpsApproveIdentityResponse = ZOpsApplicationDetail;
export type TPostOpsApproveIdentityResponse = z.infer<typeof ZPostOpsApproveIdentityResponse>;

export const postOpsApproveIdentity = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/identity/approve`,
  auth: 'agent',
  summary: 'Approve the uploaded ID: Verify Identity becomes COMPLETED (idempotent)',
  params: ZAppParams,
  response: ZPostOpsApproveIdentityResponse,
});
