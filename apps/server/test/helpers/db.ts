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

/** Makes a database named with the run's prefix (global-setup.ts drops what is left at the end). */
async function makeDatabase(isMigrated: boolean): Promise<string> {
  const name = `${inject('runDatabasePrefix')}${randomBytes(6).toString('hex')}`;
  await admin((client) =>
    client.query(
      isMigrated
        ? `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(inject('templateDatabase'))}`
        : `CREATE DATABASE ${client.escapeIdentifier(name)}`,
    ),
  );
  return name;
}

/**
 * The migrated database this worker made ahead for the next one asked (a worker runs its files one
 * after another in one process): a clone takes PostgreSQL a few tenths of a second on a busy machine,
 * which the file asking would otherwise wait for before its first test. Unused when the run ends,
 * it is dropped with the run's other databases.
 */
let spare: Promise<string> | null = null;

function makeSpare(): void {
  const making = makeDatabase(true);
  // A failure is the next caller's to see (it makes its own instead); never an unhandled one.
  making.catch(() => undefined);
  spare = making;
}

async function migratedDatabase(): Promise<string> {
  const ready = spare;
  makeSpare();
  if (ready !== null) {
    const name = await ready.catch(() => null);
    if (name !== null) return name;
  }
  return makeDatabase(true);
}

/**
 * A database of its own (`pledge_test_<run>_<random>`): migrated (a clone of the run's migrated
 * template, global-setup.ts), or empty with `migrate: false`.
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TTestDatabase> {
  const name = options.migrate === false ? await makeDatabase(false) : await migratedDatabase();
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  // A test's commit does not wait for its WAL to reach the disk: a test database is dropped at the
  // end and never survives a crash of the server, and the commit is as atomic and as visible as
  // with the wait (only a crash of PostgreSQL itself could lose the last few).
  url.searchParams.set('options', '-c synchronous_commit=off');
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

/** How many migrations the database records as applied. */
export async function appliedMigrationCount(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ count: string }>(
    'SELECT count(*) AS count FROM drizzle.__drizzle_migrations',
  );
  return Number(result.rows[0]?.count);
}
