/** Reads and nudges the job queue (graphile-worker's tables) from tests. */
import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../src/db/pool.js';

/** The queue's job table, for tests that force a failure on insert. */
export const JOB_TABLE = 'graphile_worker._private_jobs';

export interface TQueuedJob {
  id: string;
  kind: string;
  payload: unknown;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  dedupeKey: string | null;
  isRunning: boolean;
  /** No attempt left: kept as a dead letter. */
  isFailed: boolean;
}

type TRow = {
  id: number | string;
  kind: string;
  payload: unknown;
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  key: string | null;
  locked_at: Date | string | null;
};

/** Jobs in the queue (waiting, running or failed; done jobs are deleted), oldest first. */
export async function queuedJobs(
  db: TDb,
  filter: {
    dedupeKey?: string;
    dedupeKeyLike?: string;
    kindLike?: string;
    payloadLike?: string;
  } = {},
): Promise<TQueuedJob[]> {
  const conditions: SQL[] = [sql`true`];
  if (filter.dedupeKey !== undefined) conditions.push(sql`job.key = ${filter.dedupeKey}`);
  if (filter.dedupeKeyLike !== undefined)
    conditions.push(sql`job.key LIKE ${filter.dedupeKeyLike}`);
  if (filter.kindLike !== undefined) conditions.push(sql`task.identifier LIKE ${filter.kindLike}`);
  if (filter.payloadLike !== undefined) {
    conditions.push(sql`job.payload::text LIKE ${filter.payloadLike}`);
  }
  const result = await db.execute<TRow>(sql`
    SELECT job.id, task.identifier AS kind, job.payload, job.run_at, job.attempts,
      job.max_attempts, job.last_error, job.key, job.locked_at
    FROM graphile_worker._private_jobs job
    JOIN graphile_worker._private_tasks task ON task.id = job.task_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY job.id`);
  return result.rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    payload: row.payload,
    runAt: new Date(row.run_at),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    dedupeKey: row.key,
    isRunning: row.locked_at !== null,
    isFailed: row.locked_at === null && row.attempts >= row.max_attempts,
  }));
}

/** Makes waiting jobs due now (a delay or a backoff passes at once). */
export async function makeJobsDue(db: TDb, filter: { dedupeKey?: string } = {}): Promise<void> {
  await db.execute(sql`
    UPDATE graphile_worker._private_jobs SET run_at = now() - interval '1 second'
    WHERE locked_at IS NULL AND attempts < max_attempts
      AND ${filter.dedupeKey === undefined ? sql`true` : sql`key = ${filter.dedupeKey}`}`);
}
