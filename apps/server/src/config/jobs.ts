/**
 * Background jobs.
 *
 * - JOB_WORKER [true]: run the background job worker in this process (false for web-only instances).
 * - JOB_RETENTION_DAYS [7], JOB_FAILED_RETENTION_DAYS [30]: finished jobs are deleted this many days
 *   after they were done, or failed for good (a periodic job of the worker).
 */
import { z } from 'zod';
import {
  JOB_DONE_RETENTION_DAYS_DEFAULT,
  JOB_FAILED_RETENTION_DAYS_DEFAULT,
} from '../jobs/definitions/prune-finished-jobs.js';
import { defineArea, ZBooleanText } from './area.js';

export interface TJobsConfig {
  /** Whether this process runs the background job worker. */
  jobWorker: boolean;
  /** Days finished jobs are kept: done, and failed for good. */
  jobRetention: { doneDays: number; failedDays: number };
}

const ZRetentionDays = z.coerce
  .number({ error: 'must be a number of days' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(3650, 'must be at most 3650');

export const jobsArea = defineArea({
  variables: z.object({
    JOB_WORKER: ZBooleanText.default(true),
    JOB_RETENTION_DAYS: ZRetentionDays.default(JOB_DONE_RETENTION_DAYS_DEFAULT),
    JOB_FAILED_RETENTION_DAYS: ZRetentionDays.default(JOB_FAILED_RETENTION_DAYS_DEFAULT),
  }),
  shown: ['JOB_WORKER', 'JOB_RETENTION_DAYS', 'JOB_FAILED_RETENTION_DAYS'],
  build: (env): TJobsConfig => ({
    jobWorker: env.JOB_WORKER,
    jobRetention: { doneDays: env.JOB_RETENTION_DAYS, failedDays: env.JOB_FAILED_RETENTION_DAYS },
  }),
});
