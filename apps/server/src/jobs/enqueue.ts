import { sql } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';
import { sandboxClock } from '../db/schema/index.js';
import type { TJobDefinition } from './job-definition.js';

export interface TEnqueueOptions {
  /** Not run before this time, on the deployment's clock; now by default. */
  runAt?: Date;
  /**
   * At most one job per key while it exists (waiting, running, or failed and kept): a second
   * enqueue with the key is a no-op. A job that finished is deleted, which frees its key; every
   * key in use is a time slot that never comes back or is enqueued only by a state transition
   * that cannot happen twice.
   */
  dedupeKey?: string;
  /**
   * With dedupeKey: a second enqueue with the key replaces the waiting job's payload and time
   * (the queue's `replace`), and while the keyed job runs it adds a new one instead of nothing, so
   * that work added during a run is never missed. Off by default (the first job stands).
   */
  replacesWaiting?: boolean;
  /** Jobs of one named queue run one at a time, in order; the kind's own when it is a singleton. */
  queueName?: string;
}

export interface TEnqueued {
  id: string;
  /** False when a job with the dedupe key already existed. */
  isNew: boolean;
}

/**
 * Adds a job inside the caller's transaction (pass the `tx`), so that the change needing the job
 * and the job itself commit or roll back together. The queue is woken on commit (NOTIFY).
 *
 * `runAt` is on the deployment's clock, which in the sandbox runs ahead of real time by the
 * offset in sandbox_clock (no row outside the sandbox): the queue compares with the database's
 * real time, so the offset is taken off here, and moves of the clock shift waiting jobs
 * (shiftWaitingJobs).
 */
export async function enqueue<TPayload>(
  tx: TDb,
  definition: TJobDefinition<TPayload>,
  payload: TPayload,
  options: TEnqueueOptions = {},
): Promise<TEnqueued> {
  const checked = definition.payload.parse(payload);
  const runAt =
    options.runAt === undefined
      ? sql`NULL::timestamptz`
      : sql`${options.runAt.toISOString()}::timestamptz - make_interval(secs => coalesce(
          (SELECT ${sandboxClock.offsetMs} FROM ${sandboxClock} WHERE ${sandboxClock.id}), 0) / 1000.0)`;
  const result = await tx.execute<{ id: number | string; revision: number }>(sql`
    SELECT job.id, job.revision FROM graphile_worker.add_job(
      identifier => ${definition.kind},
      payload => ${JSON.stringify(checked ?? {})}::json,
      queue_name => ${options.queueName ?? (definition.singleton === true ? definition.kind : null)}::text,
      run_at => ${runAt},
      max_attempts => ${definition.maxAttempts}::int,
      job_key => ${options.dedupeKey ?? null}::text,
      priority => ${definition.priority ?? 0}::int,
      job_key_mode => ${options.replacesWaiting === true ? 'replace' : 'unsafe_dedupe'}
    ) AS job`);
  const [row] = result.rows;
  if (row === undefined) throw new Error('The job insert returned no row');
  return { id: String(row.id), isNew: row.revision === 0 };
}
