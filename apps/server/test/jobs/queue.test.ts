import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sandboxClock } from '../../src/db/schema/index.js';
import { listFailedJobs, retryFailedJob } from '../../src/jobs/dead-letters.js';
import { enqueue } from '../../src/jobs/enqueue.js';
import {
  PermanentJobError,
  defineJob,
  registerJob,
  registerSchedule,
  retryBackoffMs,
} from '../../src/jobs/job-definition.js';
import { getQueueStats } from '../../src/jobs/queue-stats.js';
import { shiftWaitingJobs } from '../../src/jobs/shift-waiting-jobs.js';
import { createJobWorker, type TJobWorker } from '../../src/jobs/worker.js';
import { useTestDatabase } from '../helpers/db.js';
import { makeJobsDue, queuedJobs } from '../helpers/jobs.js';

const countingJob = defineJob({
  kind: 'test.counting',
  payload: z.object({ n: z.number().int() }),
  maxAttempts: 3,
});
const flakyJob = defineJob({
  kind: 'test.flaky',
  payload: z.object({ failures: z.number().int() }),
  maxAttempts: 3,
});
const singletonJob = defineJob({
  kind: 'test.singleton',
  payload: z.object({ n: z.number().int() }),
  maxAttempts: 1,
  singleton: true,
});
const tickJob = defineJob({ kind: 'test.tick', payload: z.object({}), maxAttempts: 1 });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await pause(25);
  }
}

describe('job queue', () => {
  const database = useTestDatabase();
  const workers: TJobWorker[] = [];

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await database.db.execute(sql`DELETE FROM graphile_worker._private_jobs`);
    await database.db.delete(sandboxClock);
  });

  function worker(options: Omit<Parameters<typeof createJobWorker>[0], 'db'>): TJobWorker {
    const created = createJobWorker({ db: database.db, pollMs: 50, ...options });
    workers.push(created);
    return created;
  }

  it('never runs one job twice with two workers taking from the same queue', async () => {
    const total = 60;
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < total; n += 1) await enqueue(tx, countingJob, { n });
    });
    const ran: number[] = [];
    for (let index = 0; index < 2; index += 1) {
      worker({
        registrations: [
          registerJob(countingJob, async ({ n }) => {
            ran.push(n);
            await pause(2);
          }),
        ],
      }).start();
    }
    await until(async () => (await queuedJobs(database.db)).length === 0);
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, n) => n));
  });

  it('retries a failing job with exponential backoff, then deletes it once done', async () => {
    let calls = 0;
    const runner = worker({
      registrations: [
        registerJob(flakyJob, async ({ failures }, context) => {
          calls += 1;
          expect(context.attempt).toBe(calls);
          if (calls <= failures) throw new Error(`failure ${calls}`);
        }),
      ],
    });
    await enqueue(database.db, flakyJob, { failures: 2 });
    const before = Date.now();
    expect(await runner.runDue()).toBe(1);
    const [afterFirst] = await queuedJobs(database.db);
    expect(afterFirst).toMatchObject({
      attempts: 1,
      lastError: 'Error: failure 1',
      isFailed: false,
    });
    const waitMs = (afterFirst?.runAt.getTime() ?? 0) - before;
    expect(waitMs).toBeGreaterThan(retryBackoffMs(1) - 1_000);
    expect(waitMs).toBeLessThan(retryBackoffMs(1) + 2_000);
    // Not due yet: nothing runs.
    expect(await runner.runDue()).toBe(0);

    await makeJobsDue(database.db);
    expect(await runner.runDue()).toBe(1);
    const [afterSecond] = await queuedJobs(database.db);
    expect(afterSecond?.runAt.getTime()).toBeGreaterThan(Date.now() + retryBackoffMs(2) - 2_000);

    await makeJobsDue(database.db);
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(3);
    expect(await queuedJobs(database.db)).toEqual([]);
  });

  it('keeps a job that exhausted its attempts as a dead letter an operator can retry', async () => {
    let shouldFail = true;
    const runner = worker({
      registrations: [
        registerJob(flakyJob, async () => {
          if (shouldFail) throw new Error('still down');
        }),
      ],
    });
    const { id } = await enqueue(database.db, flakyJob, { failures: 9 });
    for (let attempt = 0; attempt < flakyJob.maxAttempts; attempt += 1) {
      await makeJobsDue(database.db);
      expect(await runner.runDue()).toBe(1);
    }
    await makeJobsDue(database.db);
    expect(await runner.runDue()).toBe(0);
    const failed = await listFailedJobs(database.db, { kinds: [flakyJob.kind], limit: 10 });
    expect(failed).toMatchObject([
      {
        id,
        kind: flakyJob.kind,
        attempts: 3,
        lastError: 'Error: still down',
        payload: { failures: 9 },
      },
    ]);
    expect(Math.abs((failed[0]?.failedAt.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
    expect((await getQueueStats(database.db)).failedByKind[flakyJob.kind]).toBe(1);

    // Only the kind named may be retried, and a double click retries once.
    expect(await retryFailedJob(database.db, countingJob, id)).toBe(false);
    expect(await retryFailedJob(database.db, flakyJob, id)).toBe(true);
    expect(await retryFailedJob(database.db, flakyJob, id)).toBe(false);
    shouldFail = false;
    expect(await runner.runDue()).toBe(1);
    expect(await queuedJobs(database.db)).toEqual([]);
  });

  it('gives up at once on PermanentJobError and on a payload that fails its schema at claim', async () => {
    let handled = 0;
    const runner = worker({
      registrations: [
        registerJob(flakyJob, async () => {
          handled += 1;
          throw new PermanentJobError('the application is gone');
        }),
      ],
    });
    await enqueue(database.db, flakyJob, { failures: -1 });
    // Enqueued past the schema (as an older release could have): refused when claimed.
    await database.db.execute(
      sql`SELECT graphile_worker.add_job('test.flaky', '{"failures":"many"}'::json, max_attempts => 3)`,
    );
    expect(await runner.runDue()).toBe(2);
    expect(handled).toBe(1);
    const jobs = await queuedJobs(database.db);
    expect(jobs.map((job) => [job.isFailed, job.attempts])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    expect(jobs.map((job) => job.lastError).sort()).toEqual([
      expect.stringContaining('PermanentJobError: Invalid payload'),
      'PermanentJobError: the application is gone',
    ]);
  });

  it('logs and keeps the cause of a retry and of a death scrubbed: class, code and message', async () => {
    const logged: { level: string; object: Record<string, unknown>; message: string }[] = [];
    const record = (level: string) => (object: object, message: string) =>
      logged.push({ level, object: object as Record<string, unknown>, message });
    const runner = worker({
      log: { info: record('info'), warn: record('warn'), error: record('error') },
      registrations: [
        registerJob(flakyJob, async () => {
          throw Object.assign(
            new Error(
              '550 mailbox <ada@example.com> unavailable at https://u:p@smtp.example.net/x?t=1',
            ),
            { code: 'EENVELOPE' },
          );
        }),
      ],
    });
    await enqueue(database.db, flakyJob, { failures: 9 });
    for (let attempt = 0; attempt < flakyJob.maxAttempts; attempt += 1) {
      await makeJobsDue(database.db);
      expect(await runner.runDue()).toBe(1);
    }
    const scrubbed = '550 mailbox <[email]> unavailable at https://smtp.example.net/x';
    const failure = { class: 'Error', code: 'EENVELOPE', message: scrubbed };
    expect(logged.filter((line) => line.level !== 'info')).toEqual([
      expect.objectContaining({ level: 'warn', message: 'job will retry' }),
      expect.objectContaining({ level: 'warn', message: 'job will retry' }),
      expect.objectContaining({ level: 'error', message: 'job failed for good' }),
    ]);
    for (const line of logged.filter((entry) => entry.level !== 'info')) {
      expect(line.object).toMatchObject({ kind: flakyJob.kind, failure });
      expect(JSON.stringify(line.object)).not.toContain('ada@');
    }
    const [job] = await queuedJobs(database.db);
    expect(job?.lastError).toBe(`Error [EENVELOPE]: ${scrubbed}`);
  });

  it('enqueues inside the caller’s transaction, once per dedupe key, checking the payload', async () => {
    const first = await enqueue(database.db, countingJob, { n: 1 }, { dedupeKey: 'only-once' });
    const second = await enqueue(database.db, countingJob, { n: 2 }, { dedupeKey: 'only-once' });
    expect(first.isNew).toBe(true);
    expect(second).toEqual({ id: first.id, isNew: false });
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, countingJob, { n: 3 }, { dedupeKey: 'rolled-back' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const jobs = await queuedJobs(database.db);
    expect(jobs.map((job) => [job.dedupeKey, job.payload])).toEqual([['only-once', { n: 1 }]]);
    await expect(enqueue(database.db, countingJob, { n: 1.5 })).rejects.toThrow();
    expect(await getQueueStats(database.db)).toMatchObject({
      depthByKind: { [countingJob.kind]: 1 },
      dueByKind: { [countingJob.kind]: 1 },
      depth: 1,
      failed: 0,
    });
  });

  it('runs singleton jobs one at a time across workers', async () => {
    let running = 0;
    let most = 0;
    let done = 0;
    for (let index = 0; index < 2; index += 1) {
      worker({
        concurrency: 4,
        registrations: [
          registerJob(singletonJob, async () => {
            running += 1;
            most = Math.max(most, running);
            await pause(20);
            running -= 1;
            done += 1;
          }),
        ],
      }).start();
    }
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 8; n += 1) await enqueue(tx, singletonJob, { n });
    });
    await until(async () => done === 8);
    expect(most).toBe(1);
  });

  it('enqueues each tick of a schedule once however many workers know it', async () => {
    let ticks = 0;
    const schedule = registerSchedule(tickJob, '* * * * *', { backfillMs: 3 * 60_000 });
    // The schedule has been known for an hour and never ran: the last 3 minutes are backfilled.
    await database.db.execute(sql`
      INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since)
      VALUES (${tickJob.kind}, now() - interval '1 hour')`);
    for (let index = 0; index < 2; index += 1) {
      worker({
        schedules: [schedule],
        registrations: [
          registerJob(tickJob, async () => {
            ticks += 1;
          }),
        ],
      }).start();
    }
    await until(async () => ticks >= 3);
    await pause(500);
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(ticks).toBeLessThanOrEqual(4);
  });

  it('stops gracefully: the job it is running finishes first', async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const runner = worker({
      registrations: [
        registerJob(countingJob, async () => {
          started();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }),
      ],
    });
    await enqueue(database.db, countingJob, { n: 1 });
    runner.start();
    await isStarted;
    let isStopped = false;
    const stopping = runner.stop().then(() => {
      isStopped = true;
    });
    await pause(50);
    expect(isStopped).toBe(false);
    release();
    await stopping;
    expect(await queuedJobs(database.db)).toEqual([]);
  });

  it('keeps delayed jobs on the sandbox clock', async () => {
    const offsetMs = 2 * 24 * 3_600_000;
    await database.db.insert(sandboxClock).values({ id: true, offsetMs });
    const sandboxNow = Date.now() + offsetMs;
    await enqueue(database.db, countingJob, { n: 1 }, { runAt: new Date(sandboxNow + 3_600_000) });
    const [waiting] = await queuedJobs(database.db);
    expect(Math.abs((waiting?.runAt.getTime() ?? 0) - (Date.now() + 3_600_000))).toBeLessThan(
      5_000,
    );
    // The clock moves 2 hours on: the job's hour has come.
    await shiftWaitingJobs(database.db, 2 * 3_600_000);
    const [due] = await queuedJobs(database.db);
    expect(due?.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});
