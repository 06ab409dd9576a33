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

/** A job that failed at least once and is not running: retrying later, or dead. */
export const HAS_FAILED_JOB = sql`job.locked_at IS NULL AND job.attempts > 0 AND job.last_error IS NOT NULL`;

/**
 * When the last attempt ended, for a retrying or a dead job: the queue's backoff (FAILED_AT), or
 * the time its failure was recorded for a kind with a backoff of its own (worker.ts, retrySoon).
 */
export const LAST_FAILED_AT = sql`greatest(job.updated_at, ${FAILED_AT})`;

/** LAST_FAILED_AT in whole microseconds since the epoch: the exact key of the console's pages. */
const LAST_FAILED_AT_US = sql`(extract(epoch FROM ${LAST_FAILED_AT}) * 1000000)::bigint`;

export interface TFailedOrRetryingJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  failedAt: Date;
  runAt: Date;
  createdAt: Date;
  isDead: boolean;
  /** The page key: failedAt in microseconds (a Date keeps only milliseconds). */
  failedAtUs: string;
}

type TFailedOrRetryingRow = {
  id: number | string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  failed_at: Date | string;
  run_at: Date | string;
  created_at: Date | string;
  failed_at_us: string | number;
};

function failedOrRetryingOf(row: TFailedOrRetryingRow): TFailedOrRetryingJob {
  return {
    id: String(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    failedAt: new Date(row.failed_at),
    runAt: new Date(row.run_at),
    createdAt: new Date(row.created_at),
    isDead: row.attempts >= row.max_attempts,
    failedAtUs: String(row.failed_at_us),
  };
}

/**
 * Jobs of every kind that failed, retrying or dead, newest failure first; `after` is the last of
 * the previous page (keyset paging on the failure time and the id).
 */
export async function listFailedAndRetryingJobs(
  db: TDb,
  options: { limit: number; after?: { failedAtUs: string; id: string } },
): Promise<TFailedOrRetryingJob[]> {
  const after =
    options.after === undefined
      ? sql`true`
      : sql`(${LAST_FAILED_AT_US}, job.id) < (${options.after.failedAtUs}::bigint, ${options.after.id}::bigint)`;
  const result = await db.execute<TFailedOrRetryingRow>(sql`
    SELECT job.id, task.identifier AS kind, job.payload, job.attempts, job.max_attempts,
      job.last_error, ${LAST_FAILED_AT} AS failed_at, ${LAST_FAILED_AT_US} AS failed_at_us,
      job.run_at, job.created_at
    FROM graphile_worker._private_jobs job
    JOIN graphile_worker._private_tasks task ON task.id = job.task_id
    WHERE ${HAS_FAILED_JOB} AND ${after}
    ORDER BY ${LAST_FAILED_AT_US} DESC, job.id DESC
    LIMIT ${options.limit}`);
  return result.rows.map(failedOrRetryingOf);
}

/**
 * The job, locked for the caller's transaction; undefined when there is no such job (it finished,
 * was discarded or never existed). A job being run is answered too (`isRunning`), unlocked.
 */
export async function lockJob(
  tx: TDb,
  jobId: string,
): Promise<(TFailedOrRetryingJob & { isRunning: boolean; hasFailed: boolean }) | undefined> {
  if (!/^\d{1,18}$/.test(jobId)) return undefined;
  const result = await tx.execute<TFailedOrRetryingRow & { locked_at: Date | string | null }>(sql`
    SELECT job.id, task.identifier AS kind, job.payload, job.attempts, job.max_attempts,
      job.last_error, ${LAST_FAILED_AT} AS failed_at, ${LAST_FAILED_AT_US} AS failed_at_us,
      job.run_at, job.created_at, job.locked_at
    FROM graphile_worker._private_jobs job
    JOIN graphile_worker._private_tasks task ON task.id = job.task_id
    WHERE job.id = ${jobId}::bigint
    FOR UPDATE OF job`);
  const [row] = result.rows;
  if (row === undefined) return undefined;
  return {
    ...failedOrRetryingOf(row),
    isRunning: row.locked_at !== null,
    hasFailed: row.attempts > 0 && row.last_error !== null,
  };
}

/**
 * Makes a job that failed (retrying or dead, not running) due now with a full set of attempts;
 * false when it is no longer such a job.
 */
export async function retryJobNow(tx: TDb, jobId: string, maxAttempts: number): Promise<boolean> {
  const result = await tx.execute<{ id: number | string }>(sql`
    UPDATE graphile_worker._private_jobs AS job
    SET attempts = 0, max_attempts = ${maxAttempts}, run_at = now(), last_error = NULL,
      updated_at = now()
    WHERE job.id = ${jobId}::bigint AND ${HAS_FAILED_JOB}
    RETURNING job.id`);
  if (result.rows.length === 0) return false;
  await tx.execute(sql`SELECT pg_notify('jobs:insert', '{"count":1}')`);
  return true;
}

/** Ends a job that failed (retrying or dead, not running): it is deleted; false when it is not. */
export async function discardJob(tx: TDb, jobId: string): Promise<boolean> {
  const result = await tx.execute<{ id: number | string }>(sql`
    DELETE FROM graphile_worker._private_jobs AS job
    WHERE job.id = ${jobId}::bigint AND ${HAS_FAILED_JOB}
    RETURNING job.id`);
  return result.rows.length > 0;
}
