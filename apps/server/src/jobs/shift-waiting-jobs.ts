/**
 * Keeps delayed jobs on the sandbox clock. A job enqueued to run at a deployment time waits in
 * the queue at the matching real time (enqueue takes the clock's offset off); when the clock
 * moves by `deltaMs`, jobs still waiting for a future time move by as much the other way, so
 * they run when the deployment's clock reaches their time, as they would have in real time. Jobs
 * already due stay due.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';

export async function shiftWaitingJobs(tx: TDb, deltaMs: number): Promise<number> {
  if (deltaMs === 0) return 0;
  const result = await tx.execute<{ id: number | string }>(sql`
    UPDATE graphile_worker._private_jobs AS job
    SET run_at = greatest(now(), job.run_at - make_interval(secs => ${deltaMs}::bigint / 1000.0))
    WHERE job.run_at > now() AND job.locked_at IS NULL AND job.attempts < job.max_attempts
    RETURNING job.id`);
  if (result.rows.length > 0) {
    await tx.execute(sql`SELECT pg_notify('jobs:insert', '{"count":1}')`);
  }
  return result.rows.length;
}
