/** What the queue holds, for metrics: jobs waiting or running per kind, and failed jobs per kind. */
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';
import { IS_FAILED_JOB } from './dead-letters.js';

export interface TQueueStats {
  /** Jobs not failed for good (due, scheduled for later, or running), per kind. */
  depthByKind: Record<string, number>;
  /** Of those, jobs due now and not yet running, per kind. */
  dueByKind: Record<string, number>;
  /** Jobs that failed for good and are kept, per kind. */
  failedByKind: Record<string, number>;
  depth: number;
  failed: number;
}

type TStatsRow = { kind: string; depth: number; due: number; failed: number };

export async function getQueueStats(db: TDb): Promise<TQueueStats> {
  const result = await db.execute<TStatsRow>(sql`
    SELECT task.identifier AS kind,
      count(*) FILTER (WHERE NOT (${IS_FAILED_JOB}))::int AS depth,
      count(*) FILTER (WHERE NOT (${IS_FAILED_JOB}) AND job.locked_at IS NULL
        AND job.run_at <= now())::int AS due,
      count(*) FILTER (WHERE ${IS_FAILED_JOB})::int AS failed
    FROM graphile_worker._private_jobs job
    JOIN graphile_worker._private_tasks task ON task.id = job.task_id
    GROUP BY task.identifier`);
  const stats: TQueueStats = {
    depthByKind: {},
    dueByKind: {},
    failedByKind: {},
    depth: 0,
    failed: 0,
  };
  for (const row of result.rows) {
    stats.depthByKind[row.kind] = row.depth;
    stats.dueByKind[row.kind] = row.due;
    stats.failedByKind[row.kind] = row.failed;
    stats.depth += row.depth;
    stats.failed += row.failed;
  }
  return stats;
}
