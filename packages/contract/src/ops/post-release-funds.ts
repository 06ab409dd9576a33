import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZPostOpsReleaseFundsResponse = ZOpsApplicationDetail;
export type TPostOpsReleaseFundsResponse = z.infer<typeof ZPostOpsReleaseFundsResponse>;

/** Idempotent: a retry of a release already made answers the same detail and pays nothing twice. */
export const postOpsReleaseFunds = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/release-funds`,
  auth: 'agent',
  summary: 'Release the loan funds: MANUAL_FUNDING_RELEASE becomes COMPLETE',
  params: ZAppParams,
  response: ZPostOpsReleaseFundsResponse,
});
