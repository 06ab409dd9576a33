/**
 * What a kind of background job is: its name, the schema of its payload (checked when it is
 * enqueued and again when it is claimed) and how often it is tried.
 */
import type { z } from 'zod';

/** Default wait before the next attempt: 5 s, doubling per failed attempt, at most 10 minutes. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;

export function exponentialBackoffMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** exponent);
}

export interface TJobDefinition<TPayload> {
  /** Stored in jobs.kind; never rename a kind that may still be queued. */
  kind: string;
  payload: z.ZodType<TPayload>;
  /** Attempts before the job is marked failed. */
  maxAttempts: number;
  /** Wait after the given number of failed attempts; exponentialBackoffMs by default. */
  backoffMs?: (failedAttempts: number) => number;
}

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
 * Thrown by a handler when retrying cannot help (the payload names something that does not
 * exist): the job is marked failed at once.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
