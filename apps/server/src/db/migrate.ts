import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Key of the Postgres advisory lock held while migrating, so that instances booting together
 * apply each migration once (the ASCII bytes of "plmg").
 */
export const MIGRATION_LOCK_KEY = 0x706c6d67;

/** Applies every pending migration; concurrent callers wait for each other on the lock. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // After a failure the session may still hold the lock: discard the connection to free it.
    client.release(failed);
  }
}
