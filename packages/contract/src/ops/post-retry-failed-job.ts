import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsReason } from '../entities/ops-application.js';
import { OPS } from './ops-base.js';
import { ZJobId } from './get-failed-jobs.js';

export const ZOpsJobParams = z.object({ jobId: ZJobId });
export type TOpsJobParams = z.infer<typeof ZOpsJobParams>;

export const ZOpsFailedJobOutcome = z.object({
  jobId: z.string(),
  outcome: z.enum(['RETRIED', 'DISCARDED']),
});
export type TOpsFailedJobOutcome = z.infer<typeof ZOpsFailedJobOutcome>;

/**
 * Puts a failed job back in the queue now, with its full set of attempts; audited with the agent
 * and the reason. 404 for no such job; 409 when it is running or no longer failed (a double click
 * retries once).
 */
export const postOpsRetryFailedJob = defineEndpoint({
  method: 'POST',
  path: `${OPS}/jobs/:jobId/retry`,
  auth: 'agent',
  summary: 'Retry a failed background job now',
  params: ZOpsJobParams,
  body: ZOpsReason,
  response: ZOpsFailedJobOutcome,
});
