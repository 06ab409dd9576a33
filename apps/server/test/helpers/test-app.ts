import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp } from './app.js';
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
