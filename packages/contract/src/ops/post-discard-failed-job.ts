import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsReason } from '../entities/ops-application.js';
import { OPS } from './ops-base.js';
import { ZOpsFailedJobOutcome, ZOpsJobParams } from './post-retry-failed-job.js';

/**
 * Ends a failed job: it is not tried again; audited with the agent and the reason. Refused (409)
 * for a kind that moves money or changes who owns what: one agent may not drop it. 404 for no
 * such job; 409 when it is running or no longer failed.
 */
export const postOpsDiscardFailedJob = defineEndpoint({
  method: 'POST',
  path: `${OPS}/jobs/:jobId/discard`,
  auth: 'agent',
  summary: 'Discard a failed background job',
  params: ZOpsJobParams,
  body: ZOpsReason,
  response: ZOpsFailedJobOutcome,
});
