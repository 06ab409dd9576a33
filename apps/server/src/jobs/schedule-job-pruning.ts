/**
 * The periodic prune of finished jobs. Every instance with a job worker ticks, but the sweep is
 * enqueued with a dedupe key naming its time slot, so one job per slot exists however many
 * instances run, and the worker's SKIP LOCKED claim runs it once.
 */
import type { TDb } from '../db/pool.js';
import type { TClock } from '../security/jwt.js';
import {
  PRUNE_FINISHED_JOBS_EVERY_MS,
  pruneFinishedJobsDedupeKey,
  pruneFinishedJobsJob,
} from './definitions/prune-finished-jobs.js';
import { enqueue } from './enqueue.js';

/** Enqueues the sweep of the current time slot (a no-op for a slot already enqueued). */
export async function enqueueJobPruning(db: TDb, now: Date): Promise<void> {
  await enqueue(db, pruneFinishedJobsJob, {}, { dedupeKey: pruneFinishedJobsDedupeKey(now) });
}

export interface TJobPruning {
  stop(): void;
}

/** Ticks every PRUNE_FINISHED_JOBS_EVERY_MS; a failed tick is reported and the next one retries. */
export function startJobPruning(options: {
  db: TDb;
  clock?: TClock;
  onError?: (error: unknown) => void;
  everyMs?: number;
}): TJobPruning {
  const clock = options.clock ?? (() => new Date());
  const tick = () => {
    enqueueJobPruning(options.db, clock()).catch((error: unknown) => options.onError?.(error));
  };
  tick();
  const timer = setInterval(tick, options.everyMs ?? PRUNE_FINISHED_JOBS_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
