import type { TSandboxClockResponse } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { sandboxClock } from '../../db/schema/index.js';
import { shiftWaitingJobs } from '../../jobs/shift-waiting-jobs.js';
import type { TSandboxClock } from './sandbox-clock.js';

/** Sets the deployment's clock back to real time (the only way it goes back). */
export async function resetSandboxClock(deps: {
  db: TDb;
  clock: TSandboxClock;
}): Promise<TSandboxClockResponse> {
  await deps.db.transaction(async (tx) => {
    const removed = await tx.delete(sandboxClock).returning({ offsetMs: sandboxClock.offsetMs });
    // Delayed jobs keep waiting for their time on the clock set back.
    await shiftWaitingJobs(tx, -(removed[0]?.offsetMs ?? 0));
  });
  deps.clock.adopt(0);
  return { now: deps.clock.now().toISOString() };
}
