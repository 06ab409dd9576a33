/**
 * The job worker. Any number of instances run one each against the same database: a job is claimed
 * with FOR UPDATE SKIP LOCKED and marked with a lock (locked_at, locked_by), so two workers never
 * hold the same job. A failed attempt is retried after its backoff until max_attempts; a lock older
 * than the lease (a worker that died mid-job) is reaped and the job becomes due again. Handlers are
 * written to be safe to run again after such a crash (they act on the current state only).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';
import type { TClock } from '../security/jwt.js';
import {
  exponentialBackoffMs,
  PermanentJobError,
  type TJobRegistration,
} from './job-definition.js';

/** How often an idle worker looks for due jobs. */
export const JOB_POLL_MS = 500;
/** Jobs one worker runs at the same time. */
export const JOB_CONCURRENCY = 4;
/** A job locked for longer than this is taken to be abandoned by a dead worker. */
export const JOB_LOCK_LEASE_MS = 5 * 60_000;
/** How often a worker reaps abandoned locks. */
export const JOB_REAP_EVERY_MS = 60_000;
/** Stored errors are cut to this length. */
const LAST_ERROR_MAX_CHARS = 2_000;

export interface TJobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface TJobWorkerOptions {
  db: TDb;
  registrations: readonly TJobRegistration<unknown>[];
  /** Names this worker in jobs.locked_by; host, process and a random part by default. */
  workerId?: string;
  clock?: TClock;
  log?: TJobLog;
  pollMs?: number;
  concurrency?: number;
  lockLeaseMs?: number;
  reapEveryMs?: number;
}

export interface TJobWorker {
  readonly workerId: string;
  /** Starts polling; a no-op when already running. */
  start(): void;
  /** Stops polling and waits for the jobs it is running to finish. */
  stop(): Promise<void>;
  /** Claims and runs one batch of due jobs; answers how many ran. */
  runDue(): Promise<number>;
  /** Releases locks older than the lease; answers how many. */
  reapStuck(): Promise<number>;
}

type TClaimedJob = {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

const silentLog: TJobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, LAST_ERROR_MAX_CHARS);
}

export function createJobWorker(options: TJobWorkerOptions): TJobWorker {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? silentLog;
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const concurrency = options.concurrency ?? JOB_CONCURRENCY;
  const lockLeaseMs = options.lockLeaseMs ?? JOB_LOCK_LEASE_MS;
  const reapEveryMs = options.reapEveryMs ?? JOB_REAP_EVERY_MS;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const byKind = new Map(options.registrations.map((entry) => [entry.definition.kind, entry]));
  const kinds = [...byKind.keys()];

  let isRunning = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function claim(): Promise<TClaimedJob[]> {
    if (kinds.length === 0) return [];
    const now = clock();
    const result = await db.execute<TClaimedJob>(sql`
      WITH due AS (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND locked_at IS NULL
          AND run_at <= ${now} AND kind IN (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        ORDER BY run_at, id
        LIMIT ${concurrency}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs SET locked_at = ${now}, locked_by = ${workerId}, attempts = jobs.attempts + 1
      FROM due WHERE jobs.id = due.id
      RETURNING jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts`);
    return result.rows;
  }

  async function markDone(job: TClaimedJob): Promise<void> {
    await db.execute(sql`
      UPDATE jobs SET done_at = ${clock()}, locked_at = NULL, locked_by = NULL, last_error = NULL
      WHERE id = ${job.id} AND locked_by = ${workerId}`);
  }

  async function markFailed(job: TClaimedJob, error: unknown, isPermanent: boolean): Promise<void> {
    const now = clock();
    const lastError = describeError(error);
    if (isPermanent || job.attempts >= job.max_attempts) {
      await db.execute(sql`
        UPDATE jobs SET failed_at = ${now}, locked_at = NULL, locked_by = NULL,
          last_error = ${lastError}
        WHERE id = ${job.id} AND locked_by = ${workerId}`);
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed for good');
      return;
    }
    const backoff = byKind.get(job.kind)?.definition.backoffMs ?? exponentialBackoffMs;
    const runAt = new Date(now.getTime() + backoff(job.attempts));
    await db.execute(sql`
      UPDATE jobs SET run_at = ${runAt}, locked_at = NULL, locked_by = NULL,
        last_error = ${lastError}
      WHERE id = ${job.id} AND locked_by = ${workerId}`);
    log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, runAt }, 'job will retry');
  }

  async function run(job: TClaimedJob): Promise<void> {
    const registration = byKind.get(job.kind);
    if (registration === undefined) {
      await markFailed(job, new Error(`No handler for job kind ${job.kind}`), true);
      return;
    }
    const payload = registration.definition.payload.safeParse(job.payload);
    if (!payload.success) {
      await markFailed(job, new Error(`Invalid payload: ${payload.error.message}`), true);
      return;
    }
    try {
      await registration.handle(payload.data, {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      });
    } catch (error) {
      await markFailed(job, error, error instanceof PermanentJobError);
      return;
    }
    await markDone(job);
  }

  async function runDue(): Promise<number> {
    const claimed = await claim();
    await Promise.all(claimed.map((job) => run(job)));
    return claimed.length;
  }

  async function reapStuck(): Promise<number> {
    const now = clock();
    const staleBefore = new Date(now.getTime() - lockLeaseMs);
    const result = await db.execute<{ id: string }>(sql`
      UPDATE jobs SET locked_at = NULL, locked_by = NULL, run_at = ${now},
        last_error = 'The worker running this job stopped before finishing it',
        failed_at = CASE WHEN attempts >= max_attempts THEN ${now}::timestamptz END
      WHERE locked_at < ${staleBefore} AND done_at IS NULL AND failed_at IS NULL
      RETURNING id`);
    if (result.rows.length > 0) {
      log.warn({ jobIds: result.rows.map((row) => row.id) }, 'reaped abandoned job locks');
    }
    return result.rows.length;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function poll(): Promise<void> {
    let lastReapAt = 0;
    while (isRunning) {
      try {
        if (Date.now() - lastReapAt >= reapEveryMs) {
          lastReapAt = Date.now();
          await reapStuck();
        }
        const ran = await runDue();
        // A full batch suggests more are due: look again at once.
        if (ran < concurrency && isRunning) await pause(pollMs);
      } catch (error) {
        // A lost connection or a restarting database: keep the worker alive and try again.
        log.error({ err: error }, 'job polling failed');
        if (isRunning) await pause(pollMs);
      }
    }
  }

  return {
    workerId,
    start() {
      if (isRunning) return;
      isRunning = true;
      log.info({ workerId, kinds }, 'job worker started');
      loop = poll();
    },
    async stop() {
      if (!isRunning) return;
      isRunning = false;
      wake?.();
      await loop;
      log.info({ workerId }, 'job worker stopped');
    },
    runDue,
    reapStuck,
  };
}
