import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TPostSandboxClockBody, TSandboxClockResponse } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { sandboxClock } from '../../db/schema/index.js';
import { shiftWaitingJobs } from '../../jobs/shift-waiting-jobs.js';
import { enqueue } from '../../jobs/enqueue.js';
import { servicingSweepJob } from '../../jobs/definitions/servicing-sweep.js';
import type { TSandboxClock } from './sandbox-clock.js';
import { queueRiskPass } from '../risk/queue-risk-pass.js';

const MS_PER_HOUR = 3_600_000;

/**
 * Moves the deployment's clock forward by the given hours. The offset only grows, in one statement,
 * so two moves at once both count and the clock never goes back.
 */
export async function advanceSandboxClock(
  deps: { db: TDb; clock: TSandboxClock },
  body: TPostSandboxClockBody,
): Promise<TSandboxClockResponse> {
  const stepMs = Math.max(1, Math.round(body.advanceHours * MS_PER_HOUR));
  const row = await deps.db.transaction(async (tx) => {
    const [written] = await tx
      .insert(sandboxClock)
      .values({ id: true, offsetMs: stepMs })
      .onConflictDoUpdate({
        target: sandboxClock.id,
        set: { offsetMs: sql`${sandboxClock.offsetMs} + ${stepMs}`, updatedAt: sql`now()` },
      })
      .returning({ offsetMs: sandboxClock.offsetMs });
    // Delayed jobs keep waiting for their time on the moved clock.
    await shiftWaitingJobs(tx, stepMs);
    // Servicing sweeps (accrual, statements, maturity, ACH settlement) run now on the moved clock:
    // one sweep for each move, queued behind one still running (the job is a singleton). Not keyed
    // by the offset: a reset brings an offset back, and a sweep of the earlier move still running
    // (or kept failed) under the same key would swallow this one.
    if (written !== undefined) {
      await enqueue(tx, servicingSweepJob, {});
      // Cure deadlines run on this clock: the risk pass looks at once.
      await queueRiskPass(tx, `clock:${randomUUID()}`);
    }
    return written;
  });
  if (row === undefined) throw new Error('The sandbox clock was not written');
  deps.clock.adopt(row.offsetMs);
  return { now: deps.clock.now().toISOString() };
}
