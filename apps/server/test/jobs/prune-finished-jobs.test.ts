import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enqueue } from '../../src/jobs/enqueue.js';
import { defineJob } from '../../src/jobs/job-definition.js';
import { pruneFinishedJobs } from '../../src/jobs/prune-finished-jobs.js';
import { useTestDatabase } from '../helpers/db.js';
import { queuedJobs } from '../helpers/jobs.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const sampleJob = defineJob({
  kind: 'test.sample',
  payload: z.object({ name: z.string() }),
  maxAttempts: 3,
});

describe('pruning failed jobs', () => {
  const database = useTestDatabase();

  /** A job that failed for good `days` ago, or a waiting one. */
  async function job(name: string, failedDaysAgo: number | null): Promise<void> {
    const { id } = await enqueue(database.db, sampleJob, { name });
    if (failedDaysAgo === null) return;
    // As the queue records a last failure: run_at = end of the attempt + e^attempts seconds.
    await database.db.execute(sql`
      UPDATE graphile_worker._private_jobs SET attempts = 3, last_error = 'gone',
        run_at = now() - make_interval(secs => ${failedDaysAgo * DAY_MS} / 1000.0) + make_interval(secs => exp(3))
      WHERE id = ${id}::bigint`);
  }

  it('deletes failed jobs past the retention in batches, never a waiting job', async () => {
    await job('failed-31-days', 31);
    await job('failed-40-days', 40);
    await job('failed-29-days', 29);
    await job('waiting', null);
    const deleted = await pruneFinishedJobs({
      db: database.db,
      clock: () => new Date(),
      retention: { failedDays: 30 },
      batchRows: 1,
    });
    expect(deleted).toBe(2);
    const left = await queuedJobs(database.db);
    expect(left.map((entry) => (entry.payload as { name: string }).name).sort()).toEqual([
      'failed-29-days',
      'waiting',
    ]);
  });
});
