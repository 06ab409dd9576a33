import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { createDatabase, type TDatabase } from '../../src/db/pool.js';
import { jobs } from '../../src/db/schema/index.js';
import { enqueue } from '../../src/jobs/enqueue.js';
import {
  PermanentJobError,
  defineJob,
  registerJob,
  type TJobContext,
} from '../../src/jobs/job-definition.js';
import { createJobWorker, type TJobWorker } from '../../src/jobs/worker.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';

const countingJob = defineJob({
  kind: 'test.counting',
  payload: z.object({ n: z.number().int() }),
  maxAttempts: 3,
});

const flakyJob = defineJob({
  kind: 'test.flaky',
  payload: z.object({ failures: z.number().int() }),
  maxAttempts: 3,
  backoffMs: (failedAttempts) => failedAttempts * 1_000,
});

function manualClock(start = new Date('2026-03-01T12:00:00Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('job queue', () => {
  let database: TTestDatabase;
  const workers: TJobWorker[] = [];
  const extraPools: TDatabase[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await database.db.delete(jobs);
  });
  afterAll(async () => {
    await Promise.all(extraPools.map((extra) => extra.pool.end()));
    await database.drop();
  });

  it('never runs one job twice with two workers polling the same queue', async () => {
    const total = 60;
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < total; n += 1) await enqueue(tx, countingJob, { n });
    });
    const runs = new Map<number, string[]>();
    const makeWorker = (name: string, db: TDatabase['db']) =>
      createJobWorker({
        db,
        workerId: name,
        pollMs: 5,
        concurrency: 3,
        registrations: [
          registerJob(countingJob, async ({ n }) => {
            runs.set(n, [...(runs.get(n) ?? []), name]);
            await pause(n % 4);
          }),
        ],
      });
    // Each worker on its own connection pool, as two app instances would be.
    const second = createDatabase(database.url);
    extraPools.push(second);
    workers.push(makeWorker('worker-a', database.db), makeWorker('worker-b', second.db));
    for (const worker of workers) worker.start();

    for (let waited = 0; waited < 200; waited += 1) {
      const pending = await database.db.select().from(jobs).where(isNull(jobs.doneAt));
      if (pending.length === 0) break;
      await pause(25);
    }
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));

    expect(runs.size).toBe(total);
    for (const [n, by] of runs) expect(by, `job ${n}`).toHaveLength(1);
    // Both really took jobs from the one queue.
    expect(new Set([...runs.values()].flat())).toEqual(new Set(['worker-a', 'worker-b']));
    const rows = await database.db.select().from(jobs);
    expect(rows.every((row) => row.doneAt !== null && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.lockedAt === null && row.lockedBy === null)).toBe(true);
  });

  it('retries a failed attempt after its backoff, then marks it done', async () => {
    const { clock, advance } = manualClock();
    const seen: TJobContext[] = [];
    const worker = createJobWorker({
      db: database.db,
      clock,
      registrations: [
        registerJob(flakyJob, async ({ failures }, context) => {
          seen.push(context);
          if (context.attempt <= failures) throw new Error(`attempt ${context.attempt} failed`);
        }),
      ],
    });
    const { id } = await enqueue(database.db, flakyJob, { failures: 2 }, { runAt: clock() });

    expect(await worker.runDue()).toBe(1);
    const [afterFirst] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(afterFirst).toMatchObject({
      attempts: 1,
      lastError: 'Error: attempt 1 failed',
      lockedAt: null,
      doneAt: null,
    });
    expect(afterFirst?.runAt).toEqual(new Date(clock().getTime() + 1_000));

    expect(await worker.runDue()).toBe(0);
    advance(1_000);
    expect(await worker.runDue()).toBe(1);
    advance(1_999);
    expect(await worker.runDue()).toBe(0);
    advance(1);
    expect(await worker.runDue()).toBe(1);

    const [done] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(done).toMatchObject({ attempts: 3, lastError: null, failedAt: null });
    expect(done?.doneAt).toEqual(clock());
    expect(seen.map((context) => context.attempt)).toEqual([1, 2, 3]);
  });

  it('gives up after max attempts, and at once on a permanent error or a bad payload', async () => {
    const { clock, advance } = manualClock();
    const worker = createJobWorker({
      db: database.db,
      clock,
      registrations: [
        registerJob(flakyJob, async ({ failures }) => {
          if (failures < 0) throw new PermanentJobError('nothing to do it for');
          throw new Error('always fails');
        }),
      ],
    });
    const always = await enqueue(database.db, flakyJob, { failures: 9 }, { runAt: clock() });
    const permanent = await enqueue(database.db, flakyJob, { failures: -1 }, { runAt: clock() });
    await database.db.insert(jobs).values({
      kind: flakyJob.kind,
      payload: { failures: 'many' },
      maxAttempts: 3,
      runAt: clock(),
    });
    for (let round = 0; round < 5; round += 1) {
      await worker.runDue();
      advance(60_000);
    }
    const rows = await database.db.select().from(jobs);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(always.id)).toMatchObject({ attempts: 3, lastError: 'Error: always fails' });
    expect(byId.get(always.id)?.failedAt).toBeInstanceOf(Date);
    expect(byId.get(permanent.id)).toMatchObject({ attempts: 1 });
    expect(byId.get(permanent.id)?.failedAt).toBeInstanceOf(Date);
    const badPayload = rows.find((row) => row.id !== always.id && row.id !== permanent.id);
    expect(badPayload?.attempts).toBe(1);
    expect(badPayload?.lastError).toContain('Invalid payload');
    expect(rows.every((row) => row.doneAt === null)).toBe(true);
  });

  it('reaps the lock of a worker that died, and the job runs again', async () => {
    const { clock, advance } = manualClock();
    const ran: number[] = [];
    const worker = createJobWorker({
      db: database.db,
      clock,
      lockLeaseMs: 60_000,
      registrations: [registerJob(countingJob, async ({ n }) => void ran.push(n))],
    });
    const { id } = await enqueue(database.db, countingJob, { n: 7 }, { runAt: clock() });
    const last = await enqueue(database.db, countingJob, { n: 8 }, { runAt: clock() });
    // Both were claimed by a worker that then died; the second used its last attempt.
    await database.db
      .update(jobs)
      .set({ lockedAt: clock(), lockedBy: 'dead-worker', attempts: 1 })
      .where(eq(jobs.id, id));
    await database.db
      .update(jobs)
      .set({ lockedAt: clock(), lockedBy: 'dead-worker', attempts: 3 })
      .where(eq(jobs.id, last.id));

    expect(await worker.runDue()).toBe(0);
    advance(59_999);
    expect(await worker.reapStuck()).toBe(0);
    advance(2);
    expect(await worker.reapStuck()).toBe(2);
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual([7]);
    const rows = await database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [id, last.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(id)).toMatchObject({ attempts: 2, lockedBy: null });
    expect(byId.get(id)?.doneAt).toBeInstanceOf(Date);
    expect(byId.get(last.id)?.failedAt).toBeInstanceOf(Date);
  });

  it('enqueues inside the caller’s transaction, once per dedupe key', async () => {
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
    const rows = await database.db.select({ key: jobs.dedupeKey }).from(jobs);
    expect(rows).toEqual([{ key: 'only-once' }]);

    await expect(enqueue(database.db, countingJob, { n: 1.5 })).rejects.toThrow();
  });

  it('stops gracefully: the job it is running finishes and is marked done', async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = createJobWorker({
      db: database.db,
      pollMs: 5,
      registrations: [
        registerJob(countingJob, async () => {
          started();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }),
      ],
    });
    const { id } = await enqueue(database.db, countingJob, { n: 1 });
    worker.start();
    await isStarted;
    let isStopped = false;
    const stopping = worker.stop().then(() => {
      isStopped = true;
    });
    await pause(20);
    expect(isStopped).toBe(false);
    release();
    await stopping;
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row?.doneAt).toBeInstanceOf(Date);
    const locks = await database.db.execute<{ count: string }>(
      sql`SELECT count(*) AS count FROM jobs WHERE locked_at IS NOT NULL`,
    );
    expect(Number(locks.rows[0]?.count)).toBe(0);
  });
});
