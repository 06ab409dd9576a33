import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installJobQueue } from '../jobs/queue-schema.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Key of the Postgres advisory lock held while migrating, so that instances booting together
 * apply each migration once (the ASCII bytes of "plmg").
 */
export const MIGRATION_LOCK_KEY = 0x706c6d67;

/** A migration this version ships: its file name without `.sql`, and the time drizzle records. */
export interface TShippedMigration {
  tag: string;
  when: number;
}

export interface TMigrationLog {
  info(fields: object, message: string): void;
}

export interface TMigrationOptions {
  /** Told, in one line, which migrations were applied (or that none was pending). */
  log?: TMigrationLog;
  /** The migrations to apply (default: those shipped beside this module). */
  migrationsFolder?: string;
}

/**
 * The database holds a migration this version does not ship: it was migrated by a newer version.
 * This version refuses to serve it (its code would not match the schema).
 */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

/** The migrations of a folder, in order, from drizzle's journal. */
export function shippedMigrations(migrationsFolder: string = MIGRATIONS_DIR): TShippedMigration[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((entry) => ({ tag: entry.tag, when: entry.when }));
}

/** What drizzle recorded: the `when` of each applied migration (none before the first migration). */
async function appliedMigrationTimes(client: pg.PoolClient): Promise<number[]> {
  const table = await client.query<{ present: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (table.rows[0]?.present !== true) return [];
  const rows = await client.query<{ created_at: string | null }>(
    'SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations',
  );
  return rows.rows.map((row) => Number(row.created_at ?? 0));
}

/**
 * Refuses a database migrated past what this version ships. Drizzle applies a migration when it is
 * newer than the newest it recorded, so a recorded time past our newest is someone else's migration.
 */
export function checkSchemaVersion(
  appliedTimes: readonly number[],
  shipped: readonly TShippedMigration[],
): void {
  const newestShipped = shipped.at(-1);
  const newestShippedWhen = Math.max(0, ...shipped.map((migration) => migration.when));
  const unknown = appliedTimes.filter((when) => when > newestShippedWhen);
  if (unknown.length === 0) return;
  const newestApplied = new Date(Math.max(...unknown)).toISOString();
  throw new SchemaTooNewError(
    `The database schema is newer than this version of the server: it holds ${unknown.length} ` +
      `migration${unknown.length === 1 ? '' : 's'} this version does not ship (the newest made ` +
      `${newestApplied}; this version's newest is ${newestShipped?.tag ?? 'none'}). A newer version ` +
      'migrated it: run that version (or a later one); this one does not serve that database.',
  );
}

/**
 * Checks the schema is not newer than this version, installs or upgrades the job queue's schema,
 * then applies every pending migration and answers the tags of those it applied. Concurrent callers
 * wait for each other on the lock, so each migration is applied once.
 */
export async function applyMigrations(
  pool: pg.Pool,
  options: TMigrationOptions = {},
): Promise<string[]> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_DIR;
  const shipped = shippedMigrations(migrationsFolder);
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const appliedTimes = await appliedMigrationTimes(client);
      checkSchemaVersion(appliedTimes, shipped);
      // As drizzle decides: every shipped migration newer than the newest recorded.
      const newestApplied = Math.max(0, ...appliedTimes);
      const pending = shipped.filter((migration) => migration.when > newestApplied);
      // The job queue's schema first: migrations may enqueue jobs.
      await installJobQueue(pool);
      await migrate(drizzle(client), { migrationsFolder });
      const tags = pending.map((migration) => migration.tag);
      options.log?.info(
        { migrations: tags, shipped: shipped.length },
        tags.length === 0
          ? `database schema is current (${shipped.length} migrations, newest ${shipped.at(-1)?.tag ?? 'none'})`
          : `applied ${tags.length} migration${tags.length === 1 ? '' : 's'}: ${tags.join(', ')}`,
      );
      return tags;
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

/** {@link applyMigrations}, answering nothing. */
export async function runMigrations(pool: pg.Pool, options: TMigrationOptions = {}): Promise<void> {
  await applyMigrations(pool, options);
}
