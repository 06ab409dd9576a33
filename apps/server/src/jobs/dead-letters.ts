/**
 * Jobs that failed for good: every attempt failed, or the handler said retrying cannot help. The
 * queue keeps them (until the retention sweep, prune-finished-jobs.ts) so that they can be looked
 * into and tried again by an operator.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';
import type { TJobDefinition } from './job-definition.js';

export interface TFailedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  lastError: string | null;
  /** When the last attempt ended. */
  failedAt: Date;
  dedupeKey: string | null;
}

type TFailedRow = {
  id: number | string;
  kind: string;
  payload: unknown;
  attempts: number;
  last_error: string | null;
  failed_at: Date | string;
  key: string | null;
};

/** A job is failed for good when it is not running and no attempt is left. */
export const IS_FAILED_JOB = sql`job.attempts >= job.max_attempts AND job.locked_at IS NULL`;

/**
 * When the last attempt of a failed job ended: the queue records a failure by setting run_at to
 * the end of the attempt plus the backoff (retryBackoffMs), and keeps no other time of it.
 */
export const FAILED_AT = sql`(job.run_at - make_interval(secs => exp(least(job.attempts, 10))))`;

/** Failed jobs of the given kinds, newest first. */
export async function listFailedJobs(
  db: TDb,
  options: { kinds: readonly string[]; limit: number },
): Promise<TFailedJob[]> {
  if (options.kinds.length === 0) return [];
  const result = await db.execute<TFailedRow>(sql`
    SELECT job.id, task.identifier AS kind, job.payload, job.attempts, job.last_error,
      ${FAILED_AT} AS failed_at, job.key
    FROM graphile_worker._private_jobs job
    JOIN graphile_worker._private_tasks task ON task.id = job.task_id
    WHERE ${IS_FAILED_JOB} AND task.identifier IN (${sql.join(
      options.kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )})
    ORDER BY job.run_at DESC, job.id DESC
    LIMIT ${options.limit}`);
  return result.rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    lastError: row.last_error,
    failedAt: new Date(row.failed_at),
    dedupeKey: row.key,
  }));
}

/**
 * Makes a failed job of the definition's kind due again with the definition's full set of
 * attempts (inside the caller's transaction). Answers false when there is no such failed job
 * (already retried, running, gone, or of another kind), so that a double click retries once.
 */
export async function retryFailedJob<TPayload>(
  tx: TDb,
  definition: TJobDefinition<TPayload>,
  jobId: string,
): Promise<boolean> {
  if (!/^\d{1,18}$/.test(jobId)) return false;
  const result = await tx.execute<{ id: number | string }>(sql`
    UPDATE graphile_worker._private_jobs AS job
    SET attempts = 0, max_attempts = ${definition.maxAttempts}, run_at = now(), last_error = NULL,
      updated_at = now()
    FROM graphile_worker._private_tasks task
    WHERE job.id = ${jobId}::bigint AND task.id = job.task_id
      AND task.identifier = ${definition.kind} AND ${IS_FAILED_JOB}
    RETURNING job.id`);
  if (result.rows.length === 0) return false;
  await tx.execute(sql`SELECT pg_notify('jobs:insert', '{"count":1}')`);
  return true;
}
