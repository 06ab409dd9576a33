import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Deletes finished jobs past their retention: done jobs after JOB_RETENTION_DAYS, jobs that
 * failed for good after JOB_FAILED_RETENTION_DAYS (kept longer, for looking into). A sweep.
 */
export const pruneFinishedJobsJob = defineJob({
  kind: 'jobs.prune-finished',
  payload: z.object({}),
  // A sweep that fails is replaced by the next one.
  maxAttempts: 2,
});

/** How often the sweep runs: retention is counted in days, so an hour late does not matter. */
export const PRUNE_FINISHED_JOBS_EVERY_MS = 60 * 60_000;

/** Defaults of JOB_RETENTION_DAYS and JOB_FAILED_RETENTION_DAYS. */
export const JOB_DONE_RETENTION_DAYS_DEFAULT = 7;
export const JOB_FAILED_RETENTION_DAYS_DEFAULT = 30;

/** One sweep per time slot, however many instances enqueue it. */
export function pruneFinishedJobsDedupeKey(now: Date): string {
  return `${pruneFinishedJobsJob.kind}:${Math.floor(now.getTime() / PRUNE_FINISHED_JOBS_EVERY_MS)}`;
}
