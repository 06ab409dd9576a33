/**
 * Keeps the queue small: a job that succeeds is deleted by the queue at once, and a job that
 * failed for good is kept for JOB_FAILED_RETENTION_DAYS after its last attempt, for looking into
 * and retrying, then deleted here. Never a waiting or running job; rows are deleted in batches
 * claimed with FOR UPDATE SKIP LOCKED, so two instances pruning at once share the work, and a run
 * repeated after a crash simply finds less to do.
 *
 * A deleted job frees its dedupe key; see enqueue.ts for why no job runs twice because of that.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';
import type { TClock } from '../security/jwt.js';
import { JOB_FAILED_RETENTION_DAYS_DEFAULT } from './definitions/prune-finished-jobs.js';
import { FAILED_AT, IS_FAILED_JOB } from './dead-letters.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: short transactions, no long lock on the table. */
export const PRUNE_BATCH_ROWS = 1_000;
/** Batches per run; a larger backlog is finished by the next runs. */
const PRUNE_MAX_BATCHES = 100;

export interface TJobRetention {
  /** Days a job that failed for good is kept after its last attempt. */
  failedDays: number;
}

export const DEFAULT_JOB_RETENTION: TJobRetention = {
  failedDays: JOB_FAILED_RETENTION_DAYS_DEFAULT,
};

export interface TPruneFinishedJobsDeps {
  db: TDb;
  clock: TClock;
  retention?: TJobRetention;
  /** Rows per statement; PRUNE_BATCH_ROWS by default (tests make it small). */
  batchRows?: number;
}

/** Deletes failed jobs past their retention; answers how many. */
export async function pruneFinishedJobs(deps: TPruneFinishedJobsDeps): Promise<number> {
  const retention = deps.retention ?? DEFAULT_JOB_RETENTION;
  const batchRows = deps.batchRows ?? PRUNE_BATCH_ROWS;
  const failedBefore = new Date(deps.clock().getTime() - retention.failedDays * MS_PER_DAY);

  let deleted = 0;
  for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch += 1) {
    const result = await deps.db.execute<{ id: number | string }>(sql`
      DELETE FROM graphile_worker._private_jobs WHERE id IN (
        SELECT job.id FROM graphile_worker._private_jobs job
        WHERE ${IS_FAILED_JOB} AND ${FAILED_AT} < ${failedBefore.toISOString()}::timestamptz
        LIMIT ${batchRows}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    deleted += result.rows.length;
    if (result.rows.length < batchRows) break;
  }
  return deleted;
}
