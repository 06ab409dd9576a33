import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSandboxClockResponse } from '@pledge/contract';
import { SESSION_LIMITS } from '@pledge/domain';
import { createdApplication } from './applications/helpers.js';
import { buildTestApp } from './helpers/app.js';
import { createTestDatabase, type TTestDatabase } from './helpers/db.js';
import { SWEEP_PRIORITY } from '../src/jobs/job-definition.js';
import { figureInfo, signIn } from './identity/sign-in.js';
import { useTestApp } from './helpers/test-app.js';

const HOUR_MS = 3_600_000;
/** Requests take a moment; times compared here agree within this. */
const SLACK_MS = 5_000;

async function clockOf(app: FastifyInstance, method: 'GET' | 'DELETE' = 'GET'): Promise<number> {
  const response = await app.inject({ method, url: '/sandbox/clock' });
  expect(response.statusCode).toBe(200);
  return Date.parse((response.json() as TSandboxClockResponse).now);
}

async function advance(app: FastifyInstance, payload: unknown) {
  return app.inject({ method: 'POST', url: '/sandbox/clock', payload: payload as object });
}

describe('/sandbox/clock', () => {
  let database: TTestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances on one database: the clock is the deployment's, not a process's.
    first = await buildTestApp({ database, sandbox: true });
    second = await buildTestApp({ database, sandbox: true });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  it('reads real time until moved', async () => {
    expect(Math.abs((await clockOf(first)) - Date.now())).toBeLessThan(SLACK_MS);
  });

  it('moves forward for every instance and answers the new time', async () => {
    const moved = await advance(first, { advanceHours: 2 });
    expect(moved.statusCode).toBe(200);
    const now = Date.parse((moved.json() as TSandboxClockResponse).now);
    expect(Math.abs(now - (Date.now() + 2 * HOUR_MS))).toBeLessThan(SLACK_MS);
    expect(Math.abs((await clockOf(second)) - now)).toBeLessThan(SLACK_MS);

    const again = await advance(second, { advanceHours: 0.5 });
    const later = Date.parse((again.json() as TSandboxClockResponse).now);
    expect(Math.abs(later - (Date.now() + 2.5 * HOUR_MS))).toBeLessThan(SLACK_MS);
    expect(Math.abs((await clockOf(first)) - later)).toBeLessThan(SLACK_MS);
  });

  it('never goes back, and refuses bad input with field messages, changing nothing', async () => {
    const before = await clockOf(first);
    for (const payload of [
      { advanceHours: -1 },
      { advanceHours: 0 },
      { advanceHours: 'soon' },
      { advanceHours: 100_000 },
      {},
    ]) {
      const response = await advance(first, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { advanceHours: [expect.any(String)] },
      });
    }
    expect(Math.abs((await clockOf(second)) - before)).toBeLessThan(SLACK_MS);
  });

  it('is the clock of sessions', async () => {
    await clockOf(first, 'DELETE');
    const jwt = await signIn(first, 'sleeper@example.com');
    const figure = () => figureInfo(second, jwt);
    expect((await figure()).statusCode).toBe(200);
    const idleHours = SESSION_LIMITS.customer.idleTimeoutMinutes / 60;
    await advance(first, { advanceHours: idleHours * 0.9 });
    expect((await figure()).statusCode).toBe(200);
    await advance(first, { advanceHours: idleHours * 1.1 });
    expect((await figure()).statusCode).toBe(401);
  });

  it('is the time of a signed-in request on another instance at once, read in its session check', async () => {
    await clockOf(first, 'DELETE');
    const jwt = await signIn(second, 'clock-reader@example.com');
    // Within the session's idle timeout, so the session stays open.
    const advanceHours = SESSION_LIMITS.customer.idleTimeoutMinutes / 60 / 2;
    expect((await advance(first, { advanceHours })).statusCode).toBe(200);
    const moved = await clockOf(first);
    const application = await createdApplication(second, jwt);
    expect(Math.abs(Date.parse(application.createdAt) - moved)).toBeLessThan(SLACK_MS);
    expect(moved - Date.now()).toBeGreaterThan(advanceHours * HOUR_MS - SLACK_MS);
  });

  it('resets to real time for every instance', async () => {
    await advance(first, { advanceHours: 5 });
    const reset = await clockOf(second, 'DELETE');
    expect(Math.abs(reset - Date.now())).toBeLessThan(SLACK_MS);
    expect(Math.abs((await clockOf(first)) - Date.now())).toBeLessThan(SLACK_MS);
  });
});

async function waitingSweeps(database: TTestDatabase): Promise<number> {
  const { rows } = await database.pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM graphile_worker.jobs WHERE task_identifier = 'servicing-sweep'`,
  );
  return rows[0]?.count ?? 0;
}

describe('/sandbox/clock and the servicing sweep', () => {
  const world = useTestApp({ sandbox: true });

  it('queues a sweep for every move, also one that brings back an offset a reset left', async () => {
    // No worker runs here: the first move's sweep is still waiting when the second comes.
    await clockOf(world.app, 'DELETE');
    expect((await advance(world.app, { advanceHours: 3 })).statusCode).toBe(200);
    expect(await waitingSweeps(world.database)).toBe(1);
    await clockOf(world.app, 'DELETE');
    expect((await advance(world.app, { advanceHours: 3 })).statusCode).toBe(200);
    expect(await waitingSweeps(world.database)).toBe(2);
    // Ahead of the statements' deliveries that a jump of the clock queues by the hundred.
    const { rows } = await world.database.pool.query<{ priority: number }>(
      `SELECT priority FROM graphile_worker.jobs WHERE task_identifier IN ('servicing-sweep', 'risk.pass')`,
    );
    expect(rows.map((row) => row.priority)).toEqual(rows.map(() => SWEEP_PRIORITY));
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});

describe('/sandbox/clock outside the sandbox', () => {
  const world = useTestApp({ sandbox: false });

  it('does not exist', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await world.app.inject({
        method,
        url: '/sandbox/clock',
        ...(method === 'POST' ? { payload: { advanceHours: 1 } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
