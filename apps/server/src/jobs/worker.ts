/**
 * The job worker, on graphile-worker. Any number of instances run one each against the same
 * database: a job is locked by one worker at a time (SKIP LOCKED), new jobs wake the workers at
 * once (LISTEN/NOTIFY on commit) and future ones are found by polling; a job whose worker died is
 * unlocked by the queue after its lock timeout and tried again. A failed attempt is retried after
 * the queue's exponential backoff (retryBackoffMs), or the kind's own (retryDelayMs, retrySoon),
 * until the definition's maxAttempts; a job that exhausts them, or throws PermanentJobError, is kept
 * as failed (see dead-letters.ts). A job that succeeds is deleted. Handlers are written to be safe to run again after a crash (they act
 * on the current state only).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import {
  parseCronItems,
  run,
  runOnce,
  type JobHelpers,
  type Runner,
  type Task,
  type TaskList,
} from 'graphile-worker';
import pg from 'pg';
import type { TDb } from '../db/pool.js';
import type { TClock } from '../security/jwt.js';
import { PermanentJobError, type TJobRegistration, type TJobSchedule } from './job-definition.js';
import { JOB_QUEUE_SCHEMA, queueLogger } from './queue-schema.js';
import { describeFailure, failureCause } from '../failure-cause.js';
import type { TLog } from '../logger.js';

/** How often an idle worker looks for jobs that became due (new jobs wake it at once). */
export const JOB_POLL_MS = 1_000;
/** A worker that stopped on an error starts again after this, doubling up to RESTART_MAX_MS. */
export const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** Jobs one worker runs at the same time. */
export const JOB_CONCURRENCY = 4;

export interface TJobLog extends TLog {
  error(object: object, message: string): void;
}

export interface TJobWorkerOptions {
  db: TDb;
  registrations: readonly TJobRegistration<unknown>[];
  /** Schedules this worker enqueues (each tick once across every instance). */
  schedules?: readonly TJobSchedule<unknown>[];
  /** Names this worker in the queue's locks; host, process and a random part by default. */
  workerId?: string;
  /**
   * The deployment's clock. The handlers read it through their own deps; the queue itself keeps
   * due times in real time (enqueue takes the sandbox offset off), so the worker does not need it.
   */
  clock?: TClock;
  /**
   * Runs before every job, e.g. loading the sandbox clock's offset: a job queued by a move of the
   * clock on another instance (or picked up before this process's periodic load) must see the move.
   */
  beforeEachJob?: () => Promise<void>;
  log?: TJobLog;
  pollMs?: number;
  concurrency?: number;
  /** Starts the queue's runner: graphile-worker's `run`, or a test's runner that fails on cue. */
  startRunner?: typeof run;
}

export interface TJobWorker {
  readonly workerId: string;
  /** Starts taking jobs and enqueuing schedules; a no-op when already running. */
  start(): void;
  /** Stops taking jobs and waits for the jobs it is running to finish. */
  stop(): Promise<void>;
  /** Runs every job due now, one after another, until none is left; answers how many ran. */
  runDue(): Promise<number>;
}

const silentLog: TJobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The cron payload's tick record, added by the queue to scheduled jobs; not part of the payload. */
function withoutCronTick(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('_cron' in payload)) return payload;
  const { _cron: _tick, ...rest } = payload as Record<string, unknown>;
  return rest;
}

/** What the queue records of a failed attempt: the scrubbed cause, `Class [code]: message`. */
class JobAttemptFailedError extends Error {
  override name = 'JobAttemptFailedError';
}

/**
 * The next attempt of a kind with a backoff of its own (TJobDefinition.retryDelayMs), due after
 * `delayMs`: the queue only knows its exponential backoff, so the failed attempt is recorded on a
 * copy of the job (same payload, key, attempts and limit; this failure as its last error) and the
 * attempt itself ends as done, which deletes the original. Copy and key move commit together; a
 * worker that dies before the original is deleted leaves it to the queue's lock timeout, after
 * which it runs once more (handlers act on the current state, so a second run finds it done).
 */
async function retrySoon(helpers: JobHelpers, delayMs: number, lastError: string): Promise<void> {
  await helpers.withPgClient(async (client) => {
    await client.query('BEGIN');
    try {
      const { rows } = await client.query<{ key: string | null }>(
        `SELECT key FROM ${JOB_QUEUE_SCHEMA}._private_jobs WHERE id = $1 FOR UPDATE`,
        [helpers.job.id],
      );
      await client.query(`UPDATE ${JOB_QUEUE_SCHEMA}._private_jobs SET key = NULL WHERE id = $1`, [
        helpers.job.id,
      ]);
      await client.query(
        `INSERT INTO ${JOB_QUEUE_SCHEMA}._private_jobs (job_queue_id, task_id, payload, priority,
           run_at, attempts, max_attempts, last_error, created_at, updated_at, key, flags)
         SELECT job_queue_id, task_id, payload, priority,
           now() + make_interval(secs => $2::double precision / 1000), attempts, max_attempts, $3,
           created_at, now(), $4, flags
         FROM ${JOB_QUEUE_SCHEMA}._private_jobs WHERE id = $1`,
        [helpers.job.id, delayMs, lastError, rows[0]?.key ?? null],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  });
}

/** Keeps the job as failed now: no attempt is left. */
async function giveUp(helpers: JobHelpers): Promise<void> {
  await helpers.query(
    `UPDATE ${JOB_QUEUE_SCHEMA}._private_jobs SET max_attempts = attempts WHERE id = $1`,
    [helpers.job.id],
  );
}

/** The pool under the app's database handle (a transaction has none: the worker needs the pool). */
function poolOf(db: TDb): pg.Pool {
  const client = (db as TDb & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('The job worker needs the database pool');
  return client;
}

export function createJobWorker(options: TJobWorkerOptions): TJobWorker {
  const pool = poolOf(options.db);
  const log = options.log ?? silentLog;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const logger = queueLogger(log);
  let ran = 0;

  function task(registration: TJobRegistration<unknown>): Task {
    const { definition } = registration;
    return async (rawPayload, helpers) => {
      const { job } = helpers;
      const described = { jobId: String(job.id), kind: definition.kind, attempt: job.attempts };
      ran += 1;
      const payload = definition.payload.safeParse(withoutCronTick(rawPayload));
      try {
        if (!payload.success) {
          throw new PermanentJobError(`Invalid payload: ${payload.error.message}`);
        }
        await options.beforeEachJob?.();
        await registration.handle(payload.data, {
          jobId: String(job.id),
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
        });
      } catch (error) {
        const isPermanent = error instanceof PermanentJobError;
        if (isPermanent) await giveUp(helpers);
        // The queue keeps the thrown message as the job's last error, which the console shows:
        // it gets the scrubbed cause, never the raw text (which may quote a person or a secret).
        const failure = failureCause(error);
        if (isPermanent || job.attempts >= job.max_attempts) {
          log.error({ ...described, failure }, 'job failed for good');
          throw new JobAttemptFailedError(describeFailure(failure));
        }
        const delayMs = definition.retryDelayMs?.(job.attempts);
        log.warn(
          { ...described, failure, ...(delayMs === undefined ? {} : { retryInMs: delayMs }) },
          'job will retry',
        );
        if (delayMs === undefined) throw new JobAttemptFailedError(describeFailure(failure));
        await retrySoon(helpers, delayMs, describeFailure(failure));
      }
    };
  }

  const taskList: TaskList = Object.fromEntries(
    options.registrations.map((registration) => [registration.definition.kind, task(registration)]),
  );
  const cronItems = parseCronItems(
    (options.schedules ?? []).map((schedule) => ({
      task: schedule.definition.kind,
      match: schedule.cron,
      identifier: schedule.definition.kind,
      payload: schedule.payload as Record<string, unknown>,
      options: {
        backfillPeriod: schedule.backfillMs,
        maxAttempts: schedule.definition.maxAttempts,
        ...(schedule.definition.singleton === true ? { queueName: schedule.definition.kind } : {}),
        ...(schedule.definition.priority !== undefined
          ? { priority: schedule.definition.priority }
          : {}),
      },
    })),
  );
  const shared = {
    pgPool: pool,
    schema: JOB_QUEUE_SCHEMA,
    logger,
    noHandleSignals: true,
    // Outcomes are recorded through the batchers (flushed at once), which a stopping worker and
    // runDue wait for; unbatched, an outcome is recorded after the worker has moved on.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  };

  let runner: Runner | undefined;
  let starting: Promise<void> | undefined;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let wanted = false;

  // A runner that stops on an error (the database unreachable for longer than its pool waits, a
  // connection cut by a failover) or that cannot start is started again after a backoff: one lost
  // connection must not leave this instance without a worker until it is restarted.
  const restartLater = (failures: number): void => {
    if (!wanted) return;
    const delayMs = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** failures);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (wanted) launch(failures + 1);
    }, delayMs);
    restartTimer.unref();
  };

  const startRunner = options.startRunner ?? run;
  const launch = (failures: number): void => {
    starting = startRunner({
      ...shared,
      taskList,
      parsedCronItems: cronItems,
      concurrency: options.concurrency ?? JOB_CONCURRENCY,
      pollInterval: options.pollMs ?? JOB_POLL_MS,
    }).then(
      (started) => {
        runner = started;
        log.info({ workerId, kinds: Object.keys(taskList) }, 'job worker started');
        started.promise.catch((error: unknown) => {
          // stop() takes the runner away before stopping it: only a runner still current died.
          if (runner !== started) return;
          runner = undefined;
          log.error({ err: error, workerId }, 'job worker stopped on an error; it starts again');
          restartLater(0);
        });
      },
      (error: unknown) => {
        log.error({ err: error, workerId, failures }, 'job worker did not start; it tries again');
        restartLater(failures);
      },
    );
  };

  return {
    workerId,
    start() {
      if (wanted) return;
      wanted = true;
      launch(0);
    },
    async stop() {
      if (!wanted) return;
      wanted = false;
      if (restartTimer !== undefined) clearTimeout(restartTimer);
      restartTimer = undefined;
      await starting;
      starting = undefined;
      const current = runner;
      runner = undefined;
      if (current === undefined) return;
      await current.stop();
      log.info({ workerId }, 'job worker stopped');
    },
    async runDue() {
      const before = ran;
      await runOnce(shared, taskList);
      return ran - before;
    },
  };
}
