import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { runMigrations } from '../../src/db/migrate.js';
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

/** An empty database of its own (`pledge_test_<random>`), optionally migrated. */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TTestDatabase> {
  const name = `pledge_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  const database = createDatabase(url.toString());
  if (options.migrate !== false) await runMigrations(database.pool);
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
