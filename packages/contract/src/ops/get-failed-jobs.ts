import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';
import { OPS_PAGE_QUERY, zOpsPage } from './ops-page.js';
import { OPS } from './ops-base.js';

/** A job that failed and is tried again later, or one that is kept failed with no attempt left. */
export const FAILED_JOB_STATUSES = ['RETRYING', 'DEAD'] as const;
export const ZFailedJobStatus = z.enum(FAILED_JOB_STATUSES);
export type TFailedJobStatus = z.infer<typeof ZFailedJobStatus>;

/** What a job is about, by id only (never the rest of its payload). */
export const FAILED_JOB_SUBJECTS = [
  'APPLICATION',
  'LOAN',
  'IDENTITY_DOCUMENT',
  'EMAIL',
  'STATEMENT',
  'LIQUIDATION',
  'WAITLIST_ENTRY',
] as const;
export const ZFailedJobSubject = z.object({
  type: z.enum(FAILED_JOB_SUBJECTS),
  id: z.uuid(),
});
export type TFailedJobSubject = z.infer<typeof ZFailedJobSubject>;

/** The queue's job id: a positive integer, as text. */
export const ZJobId = z.string().check(z.regex(/^[1-9]\d{0,17}$/, 'Not a job id'));

export const ZFailedJob = z.object({
  jobId: ZJobId,
  /** The job kind (`application.credit-check`, `email.deliver`, …). */
  kind: z.string(),
  status: ZFailedJobStatus,
  attempts: z.number(),
  maxAttempts: z.number(),
  /** The cause of the last failure, scrubbed: `Class [code]: message`. */
  lastError: z.nullable(z.string()),
  /** When the last attempt ended. */
  failedAt: ZIsoDateTime,
  /** When it is tried again; null for a dead job. */
  nextAttemptAt: z.nullable(ZIsoDateTime),
  createdAt: ZIsoDateTime,
  subject: z.nullable(ZFailedJobSubject),
  /**
   * Why one agent may not discard it (the kind moves money or changes who owns what), or null when
   * Discard is allowed.
   */
  discardRefusal: z.nullable(z.string()),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZGetOpsFailedJobsQuery = z.object({
  ...OPS_PAGE_QUERY,
});
export type TGetOpsFailedJobsQuery = z.infer<typeof ZGetOpsFailedJobsQuery>;

export const ZGetOpsFailedJobsResponse = zOpsPage(ZFailedJob);
export type TGetOpsFailedJobsResponse = z.infer<typeof ZGetOpsFailedJobsResponse>;

export const getOpsFailedJobs = defineEndpoint({
  method: 'GET',
  path: `${OPS}/jobs/failed`,
  auth: 'agent',
  summary: 'Background jobs of every kind that failed: retrying, or dead with no attempt left',
  query: ZGetOpsFailedJobsQuery,
  response: ZGetOpsFailedJobsResponse,
});
