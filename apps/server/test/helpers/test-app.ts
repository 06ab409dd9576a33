import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TTestAppOptions } from './app.js';
import { createTestDatabase, type TTestDatabase } from './db.js';

export interface TTestWorld {
  readonly database: TTestDatabase;
  readonly app: FastifyInstance;
}

/**
 * A describe block's own database and app (sandbox mode on or off), made before its tests and
 * closed and dropped after them. Read `database` and `app` inside the tests, not at collection.
 */
export function useTestApp(options: { sandbox: boolean }): TTestWorld {
  const world = {} as { database: TTestDatabase; app: FastifyInstance };
  beforeAll(async () => {
    world.database = await createTestDatabase();
    world.app = await buildTestApp({ database: world.database, sandbox: options.sandbox });
  });
  afterAll(async () => {
    await world.app.close();
    await world.database.drop();
  });
  return world;
}

/** A database of the test's own, migrated, and the app on it (sandbox unless said otherwise). */
export async function openTestApp(
  options: Omit<TTestAppOptions, 'database'> = {},
): Promise<{ database: TTestDatabase; app: FastifyInstance }> {
  const database = await createTestDatabase();
  return { database, app: await buildTestApp({ ...options, database }) };
}

/** Closes the app, then drops its database. */
export async function closeTestApp(world: { database: TTestDatabase; app: FastifyInstance }) {
  await world.app.close();
  await world.database.drop();
}

/**
 * Runs `work` with a database of its own and the app on it, then closes the app and drops the
 * database, whatever `work` did (a test may drop the database itself).
 */
export async function withTestApp<T>(
  work: (world: { database: TTestDatabase; app: FastifyInstance }) => Promise<T>,
  options: Omit<TTestAppOptions, 'database'> = {},
): Promise<T> {
  const world = await openTestApp(options);
  try {
    return await work(world);
  } finally {
    await closeTestApp(world);
  }
}
