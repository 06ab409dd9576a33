/**
 * What a kind of background job is: its name, the schema of its payload (checked when it is
 * enqueued and again when it is claimed), how often it is tried and whether it runs one at a time.
 * The queue underneath is graphile-worker (see worker.ts); nothing outside src/jobs depends on it.
 */
import type { z } from 'zod';

/**
 * Wait before attempt n + 1 after n failed attempts, as the queue applies it: e^n seconds, n at
 * most 10 (3 s, 7 s, 20 s, 55 s, 2.5 min, … 6 h). Used by the operator views to say when a job
 * is tried again; the queue's own retry uses the same formula in SQL.
 */
export function retryBackoffMs(failedAttempts: number): number {
  return Math.round(Math.exp(Math.min(Math.max(failedAttempts, 0), 10)) * 1_000);
}

export interface TJobDefinition<TPayload> {
  /** The queue's task identifier; never rename a kind that may still be queued. */
  kind: string;
  payload: z.ZodType<TPayload>;
  /** Attempts before the job is kept as failed (a dead letter an operator can retry). */
  maxAttempts: number;
  /**
   * Jobs of this kind run one at a time across every instance (a named queue of the kind): a sweep
   * that must not overlap itself.
   */
  singleton?: boolean;
  /**
   * Of the jobs due at once, those of a lower number are taken first (0 by default): the sweeps
   * that keep loans' money and risk current go before bulk work such as rendering and mailing
   * statements, which a clock jump or a cycle date queues by the hundred.
   */
  priority?: number;
  /**
   * A stand-in for a person that only a sandbox may have (approving an uploaded ID): the kind is
   * registered only when SANDBOX is on (sandboxOnlyKindsLeftOut), and its handler, registered with
   * registerSandboxOnlyJob, refuses to act if it is ever run outside the sandbox.
   */
  sandboxOnly?: boolean;
  /**
   * Set for a kind that moves money or changes who owns what (debits, settlements, liquidations,
   * refinancing and renewal completion, coins taken into custody): what it does, said when the
   * console refuses to let one agent discard a failed job of the kind. Such a job is retried, not
   * dropped.
   */
  movesMoneyOrOwnership?: string;
  /**
   * The wait before attempt n + 1 after n failed attempts, in ms, for a kind that cannot wait the
   * queue's exponential backoff (a one-time code lives minutes): the worker schedules the next
   * attempt itself (worker.ts, retrySoon). The queue's backoff when not given.
   */
  retryDelayMs?: (failedAttempts: number) => number;
}

/** The priority of the servicing and risk sweeps: ahead of deliveries and other bulk jobs. */
export const SWEEP_PRIORITY = -10;

export function defineJob<TPayload>(
  definition: TJobDefinition<TPayload>,
): TJobDefinition<TPayload> {
  return definition;
}

/** What a handler is told about the attempt it runs. */
export interface TJobContext {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

export type TJobHandler<TPayload> = (payload: TPayload, context: TJobContext) => Promise<void>;

/**
 * A job kind with the function that runs it. `handle` is a method so that registrations of every
 * payload type fit one list (`TJobRegistration<unknown>[]`); the worker parses each payload with
 * the same definition before handing it over.
 */
export interface TJobRegistration<TPayload> {
  definition: TJobDefinition<TPayload>;
  handle(payload: TPayload, context: TJobContext): Promise<void>;
}

export function registerJob<TPayload>(
  definition: TJobDefinition<TPayload>,
  handle: TJobHandler<TPayload>,
): TJobRegistration<TPayload> {
  return { definition, handle };
}

/**
 * A job enqueued on a schedule. `cron` is a five-field crontab pattern in UTC (minute hour
 * day-of-month month day-of-week, e.g. `0 * * * *` for every hour); every instance with a worker
 * knows the schedule, and the queue enqueues each tick once however many instances run.
 */
export interface TJobSchedule<TPayload> {
  definition: TJobDefinition<TPayload>;
  cron: string;
  payload: TPayload;
  /** Ticks missed while no worker ran that are still enqueued at start, in ms; none by default. */
  backfillMs: number;
}

export function registerSchedule<TPayload>(
  definition: TJobDefinition<TPayload>,
  cron: string,
  options: { payload?: TPayload; backfillMs?: number } = {},
): TJobSchedule<TPayload> {
  const payload = definition.payload.parse(options.payload ?? {});
  return { definition, cron, payload, backfillMs: options.backfillMs ?? 0 };
}

/**
 * Thrown by a handler when retrying cannot help (the payload names something that does not
 * exist): the job is kept as failed at once.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** A sandbox-only job (TJobDefinition.sandboxOnly) run outside the sandbox: it does nothing. */
export class SandboxOnlyJobError extends PermanentJobError {
  override name = 'SandboxOnlyJobError';
}

/**
 * Registers a sandbox-only kind whose handler refuses outside the sandbox: the job fails for good
 * without any effect (the worker logs it), whatever enqueued it.
 */
export function registerSandboxOnlyJob<TPayload>(
  definition: TJobDefinition<TPayload>,
  deps: { sandbox: boolean },
  handle: TJobHandler<TPayload>,
): TJobRegistration<TPayload> {
  return registerJob({ ...definition, sandboxOnly: true }, async (payload, context) => {
    if (!deps.sandbox) {
      throw new SandboxOnlyJobError(
        `The job kind ${definition.kind} runs only in the sandbox; outside it nothing was done`,
      );
    }
    await handle(payload, context);
  });
}

/** The registrations a deployment runs: sandbox-only kinds are left out unless SANDBOX is on. */
export function sandboxOnlyKindsLeftOut(
  registrations: readonly TJobRegistration<unknown>[],
  sandbox: boolean,
): TJobRegistration<unknown>[] {
  return registrations.filter(
    (registration) => sandbox || registration.definition.sandboxOnly !== true,
  );
}
