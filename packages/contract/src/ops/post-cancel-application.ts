import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail, ZOpsReason } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZPostOpsCancelApplicationResponse = ZOpsApplicationDetail;
export type TPostOpsCancelApplicationResponse = z.infer<typeof ZPostOpsCancelApplicationResponse>;

export const postOpsCancelApplication = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/cancel`,
  auth: 'agent',
  summary: 'Cancel an application that is not yet funded',
  params: ZAppParams,
  body: ZOpsReason,
  response: ZPostOpsCancelApplicationResponse,
});
