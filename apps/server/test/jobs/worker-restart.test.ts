import { drizzle } from 'drizzle-orm/node-postgres';
import type { Runner } from 'graphile-worker';
import pg from 'pg';
import { afterEach, expect, it, vi } from 'vitest';
import type { TDb } from '../../src/db/pool.js';
import { RESTART_FIRST_MS, createJobWorker, type TJobWorker } from '../../src/jobs/worker.js';

/** Each start of the queue's runner: the test ends it with an error, or makes the start fail. */
interface TStart {
  fail(error: Error): void;
  stop: ReturnType<typeof vi.fn>;
}
const starts: TStart[] = [];
const refusals: Error[] = [];

/** The queue's runner as this test drives it: each start recorded, ended or refused on cue. */
const startRunner = vi.fn(async () => {
  const refusal = refusals.shift();
  if (refusal !== undefined) throw refusal;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((_, reject) => {
    fail = reject;
  });
  const stop = vi.fn(async () => undefined);
  starts.push({ fail, stop });
  return { promise, stop } as unknown as Runner;
});

// A pool that is never connected: the runner is the one above.
const pool = new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none' });
const db = drizzle(pool) as unknown as TDb;
const messages: string[] = [];
const log = {
  info: (_: object, message: string) => messages.push(message),
  warn: (_: object, message: string) => messages.push(message),
  error: (_: object, message: string) => messages.push(message),
};
let worker: TJobWorker | undefined;

async function until(check: () => boolean, timeoutMs = 5 * RESTART_FIRST_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(async () => {
  await worker?.stop();
  starts.length = 0;
  refusals.length = 0;
  messages.length = 0;
});

it('starts the runner again when it stops on an error, and not once stopped on purpose', async () => {
  worker = createJobWorker({ db, registrations: [], log, startRunner });
  worker.start();
  await until(() => starts.length === 1);
  const failedAt = Date.now();
  starts[0]!.fail(new Error('Connection terminated due to connection timeout'));
  await until(() => starts.length === 2);
  expect(Date.now() - failedAt).toBeGreaterThanOrEqual(RESTART_FIRST_MS - 50);
  expect(messages).toContain('job worker stopped on an error; it starts again');

  await worker.stop();
  expect(starts[1]!.stop).toHaveBeenCalledTimes(1);
  // The stopped runner's own end is no failure: nothing starts again.
  starts[1]!.fail(new Error('stopped'));
  await new Promise((resolve) => setTimeout(resolve, RESTART_FIRST_MS + 200));
  expect(starts).toHaveLength(2);
});

it('tries again when the runner cannot start, and a stop cancels the next try', async () => {
  refusals.push(new Error('connect ECONNREFUSED'));
  worker = createJobWorker({ db, registrations: [], log, startRunner });
  worker.start();
  await until(() => starts.length === 1);
  expect(messages).toContain('job worker did not start; it tries again');

  refusals.push(new Error('connect ECONNREFUSED'));
  starts[0]!.fail(new Error('Connection terminated unexpectedly'));
  await until(() => messages.filter((m) => m.startsWith('job worker did not start')).length === 2);
  await worker.stop();
  await new Promise((resolve) => setTimeout(resolve, 2 * RESTART_FIRST_MS + 200));
  expect(starts).toHaveLength(1);
});
