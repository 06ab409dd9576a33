/**
 * The periodic collateral sweeps (deposit watching, unfunded cancellation). Every instance with a
 * job worker ticks, but each sweep is enqueued with a dedupe key naming its time slot, so one job
 * per slot exists however many instances run; the worker's SKIP LOCKED claim runs it once.
 */
import type { TDb } from '../../db/pool.js';
import {
  CANCEL_UNFUNDED_EVERY_MS,
  cancelUnfundedJob,
} from '../../jobs/definitions/cancel-unfunded.js';
import {
  WATCH_DEPOSITS_EVERY_MS,
  watchDepositsJob,
} from '../../jobs/definitions/watch-deposits.js';
import { enqueue } from '../../jobs/enqueue.js';
import type { TClock } from '../../security/jwt.js';

/** Enqueues the sweeps of the current time slots (a no-op for a slot already enqueued). */
export async function enqueueCollateralSweeps(db: TDb, now: Date): Promise<void> {
  const watchSlot = Math.floor(now.getTime() / WATCH_DEPOSITS_EVERY_MS);
  const cancelSlot = Math.floor(now.getTime() / CANCEL_UNFUNDED_EVERY_MS);
  await enqueue(db, watchDepositsJob, {}, { dedupeKey: `${watchDepositsJob.kind}:${watchSlot}` });
  await enqueue(
    db,
    cancelUnfundedJob,
    {},
    { dedupeKey: `${cancelUnfundedJob.kind}:${cancelSlot}` },
  );
}

export interface TCollateralSweeps {
  stop(): void;
}

/** Ticks every WATCH_DEPOSITS_EVERY_MS; a failed tick is reported and the next one tries again. */
export function startCollateralSweeps(options: {
  db: TDb;
  clock?: TClock;
  onError?: (error: unknown) => void;
}): TCollateralSweeps {
  const clock = options.clock ?? (() => new Date());
  const tick = () => {
    enqueueCollateralSweeps(options.db, clock()).catch((error: unknown) =>
      options.onError?.(error),
    );
  };
  tick();
  const timer = setInterval(tick, WATCH_DEPOSITS_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
