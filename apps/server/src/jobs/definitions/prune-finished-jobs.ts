import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Deletes jobs that failed for good once past JOB_FAILED_RETENTION_DAYS (jobs that succeed are
 * deleted by the queue at once). A sweep on a schedule.
 */
export const pruneFinishedJobsJob = defineJob({
  kind: 'jobs.prune-finished',
  payload: z.object({}),
  // A sweep that fails is replaced by the next one.
  maxAttempts: 2,
  singleton: true,
});

/** Every hour, at minute 17: retention is counted in days, so an hour late does not matter. */
export const PRUNE_FINISHED_JOBS_CRON = '17 * * * *';

/** Default of JOB_FAILED_RETENTION_DAYS. */
export const JOB_FAILED_RETENTION_DAYS_DEFAULT = 30;
/** Default of JOB_RETENTION_DAYS, read by the configuration; jobs that succeed are not kept. */
export const JOB_DONE_RETENTION_DAYS_DEFAULT = 7;
