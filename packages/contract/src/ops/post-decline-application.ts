import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail, ZOpsReason } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZPostOpsDeclineApplicationResponse = ZOpsApplicationDetail;
export type TPostOpsDeclineApplicationResponse = z.infer<typeof ZPostOpsDeclineApplicationResponse>;

export const postOpsDeclineApplication = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/decline`,
  auth: 'agent',
  summary: 'Decline an application in the applying, processing or originating stage',
  params: ZAppParams,
  body: ZOpsReason,
  response: ZPostOpsDeclineApplicationResponse,
});
