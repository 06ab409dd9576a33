/**
 * Keeps the queue table small: finished jobs are deleted once past their retention. Only rows
 * that are done or failed for good are touched, never a pending or running job; rows are deleted
 * in batches claimed with FOR UPDATE SKIP LOCKED, so two instances pruning at once share the work
 * instead of waiting on each other, and a run repeated after a crash simply finds less to do.
 *
 * A deleted job frees its dedupe key. Every key in use is either a time slot that never comes
 * back (the sweeps) or is enqueued only by a state transition that cannot happen twice (credit
 * check, disclosures, ID review, waitlist e-mail), so no job runs twice because its row is gone.
 */
import { inArray, lt, or } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';
import { jobs } from '../db/schema/index.js';
import type { TClock } from '../security/jwt.js';
import {
  JOB_DONE_RETENTION_DAYS_DEFAULT,
  JOB_FAILED_RETENTION_DAYS_DEFAULT,
} from './definitions/prune-finished-jobs.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: short transactions, no long lock on the table. */
export const PRUNE_BATCH_ROWS = 1_000;
/** Batches per run; a larger backlog is finished by the next runs. */
const PRUNE_MAX_BATCHES = 100;

export interface TJobRetention {
  /** Days a done job is kept after it finished. */
  doneDays: number;
  /** Days a job that failed for good is kept after its last attempt. */
  failedDays: number;
}

export const DEFAULT_JOB_RETENTION: TJobRetention = {
  doneDays: JOB_DONE_RETENTION_DAYS_DEFAULT,
  failedDays: JOB_FAILED_RETENTION_DAYS_DEFAULT,
};

export interface TPruneFinishedJobsDeps {
  db: TDb;
  clock: TClock;
  retention?: TJobRetention;
  /** Rows per statement; PRUNE_BATCH_ROWS by default (tests make it small). */
  batchRows?: number;
}

/** Deletes finished jobs past their retention; answers how many. */
export async function pruneFinishedJobs(deps: TPruneFinishedJobsDeps): Promise<number> {
  const retention = deps.retention ?? DEFAULT_JOB_RETENTION;
  const batchRows = deps.batchRows ?? PRUNE_BATCH_ROWS;
  const now = deps.clock().getTime();
  const doneBefore = new Date(now - retention.doneDays * MS_PER_DAY);
  const failedBefore = new Date(now - retention.failedDays * MS_PER_DAY);
  const isExpired = or(lt(jobs.doneAt, doneBefore), lt(jobs.failedAt, failedBefore));

  let deleted = 0;
  for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch += 1) {
    const expired = deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(isExpired)
      .limit(batchRows)
      .for('update', { skipLocked: true });
    const rows = await deps.db
      .delete(jobs)
      .where(inArray(jobs.id, expired))
      .returning({ id: jobs.id });
    deleted += rows.length;
    if (rows.length < batchRows) break;
  }
  return deleted;
}
