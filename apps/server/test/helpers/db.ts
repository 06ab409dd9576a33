import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { createDatabase, type TDatabase } from '../../src/db/pool.js';

export interface TTestDatabase extends TDatabase {
  url: string;
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own (`pledge_test_<random>`): migrated (a clone of the run's migrated template,
 * global-setup.ts), or empty with `migrate: false`.
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TTestDatabase> {
  const name = `pledge_test_${randomBytes(6).toString('hex')}`;
  const isMigrated = options.migrate !== false;
  await admin((client) =>
    client.query(
      isMigrated
        ? `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(inject('templateDatabase'))}`
        : `CREATE DATABASE ${client.escapeIdentifier(name)}`,
    ),
  );
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  const database = createDatabase(url.toString());
  let isDropped = false;
  return {
    ...database,
    url: url.toString(),
    name,
    async drop() {
      if (isDropped) return;
      isDropped = true;
      await database.pool.end().catch(() => undefined);
      await admin((client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

/**
 * A test file's (or describe block's) own database, made before its tests (before each test with
 * `each`) and dropped after them. Its fields are filled in then: read them inside the tests and
 * hooks, not at collection.
 */
export function useTestDatabase(
  options: { migrate?: boolean; each?: boolean } = {},
): TTestDatabase {
  const database = {} as TTestDatabase;
  const [before, after] = options.each === true ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    Object.assign(database, await createTestDatabase({ migrate: options.migrate }));
  });
  after(async () => {
    if ('drop' in database) await database.drop();
  });
  return database;
}
