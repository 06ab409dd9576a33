import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../src/config.js';
import { jobs } from '../../src/db/schema/index.js';
import {
  PRUNE_FINISHED_JOBS_EVERY_MS,
  pruneFinishedJobsJob,
} from '../../src/jobs/definitions/prune-finished-jobs.js';
import { enqueue } from '../../src/jobs/enqueue.js';
import { defineJob, registerJob } from '../../src/jobs/job-definition.js';
import { pruneFinishedJobsHandler } from '../../src/jobs/handlers/prune-finished-jobs.js';
import { pruneFinishedJobs } from '../../src/jobs/prune-finished-jobs.js';
import { enqueueJobPruning, startJobPruning } from '../../src/jobs/schedule-job-pruning.js';
import { createJobWorker } from '../../src/jobs/worker.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A little ahead of the database's clock, so that jobs it enqueues now are due. */
const NOW = new Date(Date.now() + 60 * 60_000);
const clock = () => NOW;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

const sampleJob = defineJob({
  kind: 'test.sample',
  payload: z.object({ name: z.string() }),
  maxAttempts: 3,
});

type TJobState =
  { done: Date } | { failed: Date } | { running: Date } | { pending: true; createdAt?: Date };

describe('pruning finished jobs', () => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  /** A job in the given state; answers its id. */
  async function job(name: string, state: TJobState): Promise<string> {
    const { id } = await enqueue(database.db, sampleJob, { name });
    const changes =
      'done' in state
        ? { doneAt: state.done, attempts: 1 }
        : 'failed' in state
          ? { failedAt: state.failed, attempts: 3, lastError: 'Error: gone' }
          : 'running' in state
            ? { lockedAt: state.running, lockedBy: 'another-worker', attempts: 1 }
            : { createdAt: state.createdAt ?? NOW, runAt: state.createdAt ?? NOW };
    await database.db.update(jobs).set(changes).where(eq(jobs.id, id));
    return id;
  }

  async function names(): Promise<string[]> {
    const rows = await database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, sampleJob.kind));
    return rows.map((row) => (row.payload as { name: string }).name).sort();
  }

  it('deletes done jobs after 7 days and failed ones after 30, by default', async () => {
    await job('done-8-days', { done: daysAgo(8) });
    await job('done-7-days-less-a-minute', { done: new Date(daysAgo(7).getTime() + 60_000) });
    await job('done-today', { done: daysAgo(0) });
    await job('failed-31-days', { failed: daysAgo(31) });
    await job('failed-29-days', { failed: daysAgo(29) });
    await job('failed-8-days', { failed: daysAgo(8) });

    const deleted = await pruneFinishedJobs({ db: database.db, clock });
    expect(deleted).toBe(2);
    expect(await names()).toEqual([
      'done-7-days-less-a-minute',
      'done-today',
      'failed-29-days',
      'failed-8-days',
    ]);
  });

  it('never touches a pending or running job, however old', async () => {
    await job('pending-old', { pending: true, createdAt: daysAgo(90) });
    await job('running-old', { running: daysAgo(60) });
    await job('done-old', { done: daysAgo(60) });

    expect(await pruneFinishedJobs({ db: database.db, clock })).toBe(1);
    expect(await names()).toEqual(['pending-old', 'running-old']);
  });

  it('follows the configured retention', async () => {
    await job('done-2-days', { done: daysAgo(2) });
    await job('done-half-day', { done: daysAgo(0.5) });
    await job('failed-4-days', { failed: daysAgo(4) });
    await job('failed-2-days', { failed: daysAgo(2) });

    const retention = { doneDays: 1, failedDays: 3 };
    expect(await pruneFinishedJobs({ db: database.db, clock, retention })).toBe(2);
    expect(await names()).toEqual(['done-half-day', 'failed-2-days']);
  });

  it('is idempotent, and works through a backlog in batches', async () => {
    for (let i = 0; i < 7; i += 1) await job(`old-${i}`, { done: daysAgo(10 + i) });
    await job('recent', { done: daysAgo(1) });

    expect(await pruneFinishedJobs({ db: database.db, clock, batchRows: 3 })).toBe(7);
    expect(await pruneFinishedJobs({ db: database.db, clock, batchRows: 3 })).toBe(0);
    expect(await names()).toEqual(['recent']);
  });

  it('shares the work when several instances prune at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) ids.push(await job(`old-${i}`, { done: daysAgo(9) }));
    await job('recent', { done: daysAgo(1) });

    const counts = await Promise.all(
      [1, 2, 3, 4].map(() => pruneFinishedJobs({ db: database.db, clock, batchRows: 5 })),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(await database.db.select().from(jobs).where(inArray(jobs.id, ids))).toEqual([]);
    expect(await names()).toEqual(['recent']);
  });

  it('enqueues one sweep per hour however many instances tick', async () => {
    const slotStart = new Date(
      Math.floor(NOW.getTime() / PRUNE_FINISHED_JOBS_EVERY_MS) * PRUNE_FINISHED_JOBS_EVERY_MS,
    );
    await Promise.all([
      enqueueJobPruning(database.db, slotStart),
      enqueueJobPruning(database.db, new Date(slotStart.getTime() + 59 * 60_000)),
      enqueueJobPruning(database.db, slotStart),
    ]);
    const sweeps = () =>
      database.db.select().from(jobs).where(eq(jobs.kind, pruneFinishedJobsJob.kind));
    expect(await sweeps()).toHaveLength(1);
    await enqueueJobPruning(
      database.db,
      new Date(slotStart.getTime() + PRUNE_FINISHED_JOBS_EVERY_MS),
    );
    expect(await sweeps()).toHaveLength(2);
  });

  it('enqueues the sweep as soon as the ticker starts', async () => {
    const errors: unknown[] = [];
    const pruning = startJobPruning({
      db: database.db,
      clock,
      onError: (error) => errors.push(error),
    });
    try {
      await expect
        .poll(async () =>
          database.db.select().from(jobs).where(eq(jobs.kind, pruneFinishedJobsJob.kind)),
        )
        .toHaveLength(1);
    } finally {
      pruning.stop();
    }
    expect(errors).toEqual([]);
  });

  it('runs as a job of the queue: the worker prunes, then marks the sweep done', async () => {
    await job('done-old', { done: daysAgo(8) });
    await job('failed-old', { failed: daysAgo(40) });
    await job('done-recent', { done: daysAgo(1) });
    await enqueueJobPruning(database.db, NOW);

    const logged: object[] = [];
    const worker = createJobWorker({
      db: database.db,
      clock,
      workerId: 'prune-test-worker',
      registrations: [
        pruneFinishedJobsHandler({
          db: database.db,
          clock,
          log: { info: (object) => void logged.push(object) },
        }),
        registerJob(sampleJob, async () => undefined),
      ],
    });
    expect(await worker.runDue()).toBe(1);
    expect(logged).toEqual([{ deleted: 2 }]);

    const [sweep] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, pruneFinishedJobsJob.kind));
    expect(sweep?.doneAt).toEqual(NOW);
    expect(await names()).toEqual(['done-recent']);
  });
});

describe('JOB_RETENTION_DAYS and JOB_FAILED_RETENTION_DAYS', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pledge-job-retention-'));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('default to 7 and 30 days', () => {
    expect(loadConfig({ SANDBOX: 'true' }, root).jobRetention).toEqual({
      doneDays: 7,
      failedDays: 30,
    });
  });

  it('are read from the environment', () => {
    const config = loadConfig(
      { SANDBOX: 'true', JOB_RETENTION_DAYS: '3', JOB_FAILED_RETENTION_DAYS: '90' },
      root,
    );
    expect(config.jobRetention).toEqual({ doneDays: 3, failedDays: 90 });
  });

  it.each([
    ['JOB_RETENTION_DAYS', '0', 'must be at least 1'],
    ['JOB_FAILED_RETENTION_DAYS', 'a week', 'must be a number of days'],
    ['JOB_RETENTION_DAYS', '1.5', 'must be a whole number'],
  ])('refuse %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value }, root)).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value }, root)).toThrow(message);
  });
});
