import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installJobQueue } from '../jobs/queue-schema.js';
import { readSchemaCompat, schemaCompatProblem, servedCompatLevel } from './schema-compat.js';

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
  /** This version's compatibility level (db/schema-compat.ts; tests give others). */
  releaseLevel?: number;
}

/**
 * The database was migrated by a newer version in a way this one cannot serve: a contract
 * migration raised the schema's compatibility level above this version's (db/schema-compat.ts).
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

/** What drizzle recorded past what this version ships: a newer version's migrations. */
export function newerMigrationTimes(
  appliedTimes: readonly number[],
  shipped: readonly TShippedMigration[],
): number[] {
  // Drizzle applies a migration when it is newer than the newest it recorded, so a recorded time
  // past our newest is someone else's migration.
  const newestShippedWhen = Math.max(0, ...shipped.map((migration) => migration.when));
  return appliedTimes.filter((when) => when > newestShippedWhen);
}

/** Words of a schema newer than this version: how many migrations, the newest made when. */
function newerSchemaWords(newer: readonly number[], shipped: readonly TShippedMigration[]): string {
  return (
    `it holds ${newer.length} migration${newer.length === 1 ? '' : 's'} this version does not ` +
    `ship (the newest made ${new Date(Math.max(...newer)).toISOString()}; this version's newest ` +
    `is ${shipped.at(-1)?.tag ?? 'none'})`
  );
}

/**
 * Installs or upgrades the job queue's schema, then applies every pending migration and answers the
 * tags of those it applied. Concurrent callers wait for each other on the lock, so each migration
 * is applied once. A database a newer version migrated (a rolling deploy, or a rollback to this
 * version) has nothing of this version's to apply: it is served as it is when its compatibility
 * level allows this version (expand migrations only), and refused with the reason when it does not
 * (SchemaTooNewError), changing nothing either way.
 */
export async function applyMigrations(
  pool: pg.Pool,
  options: TMigrationOptions = {},
): Promise<string[]> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_DIR;
  const releaseLevel = options.releaseLevel ?? servedCompatLevel();
  const shipped = shippedMigrations(migrationsFolder);
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const appliedTimes = await appliedMigrationTimes(client);
      const newer = newerMigrationTimes(appliedTimes, shipped);
      if (newer.length > 0) {
        const problem = schemaCompatProblem(await readSchemaCompat(client), releaseLevel);
        if (problem !== null) {
          throw new SchemaTooNewError(
            `The database schema is newer than this version of the server: ${newerSchemaWords(newer, shipped)}. ${problem}`,
          );
        }
        options.log?.info(
          { newerMigrations: newer.length, releaseLevel, shipped: shipped.length },
          `database schema is newer than this version (${newerSchemaWords(newer, shipped)}), ` +
            `by expand migrations only: nothing to apply, this version (compatibility level ${releaseLevel}) serves it`,
        );
        return [];
      }
      // As drizzle decides: every shipped migration newer than the newest recorded.
      const newestApplied = Math.max(0, ...appliedTimes);
      const pending = shipped.filter((migration) => migration.when > newestApplied);
      // The job queue's schema first: migrations may enqueue jobs.
      await installJobQueue(pool);
      await migrate(drizzle(client), { migrationsFolder });
      // A level this version's own migrations set above its own is a defect of the release.
      const problem = schemaCompatProblem(await readSchemaCompat(client), releaseLevel);
      if (problem !== null) throw new SchemaTooNewError(problem);
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
