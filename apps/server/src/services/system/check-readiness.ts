/**
 * Readiness of an instance for traffic: the database answers in time and holds every migration
 * this build ships (a newer build may have applied more; that is still ready). Liveness asks less:
 * see routes/system/health.ts.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import type { TGetReadyzResponse } from '@pledge/contract';
import { MIGRATIONS_DIR } from '../../db/migrate.js';
import { HttpError } from '../../http/errors.js';

/** A readiness probe must answer quickly even when the database hangs. */
const READINESS_TIMEOUT_MS = 2_000;

/** The `when` of the newest migration this build ships: what drizzle records once applied. */
export function expectedMigrationMillis(migrationsFolder: string = MIGRATIONS_DIR): number {
  const migrations = readMigrationFiles({ migrationsFolder });
  return Math.max(0, ...migrations.map((migration) => migration.folderMillis));
}

async function newestAppliedMigration(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ applied: string | null }>(
    `SELECT max(created_at)::text AS applied FROM drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.applied ?? 0);
}

export interface TReadinessCheck {
  /** Answers ready, or throws a 503 HttpError naming what is missing. */
  check(): Promise<TGetReadyzResponse>;
  /** From now on the instance answers not ready: it is shutting down. */
  drain(): void;
}

export function createReadinessCheck(
  pool: pg.Pool,
  expectedMillis: number = expectedMigrationMillis(),
): TReadinessCheck {
  let isDraining = false;
  return {
    drain() {
      isDraining = true;
    },
    async check() {
      if (isDraining) {
        throw new HttpError(503, 'SHUTTING_DOWN', 'This instance is shutting down');
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('readiness check timed out')),
          READINESS_TIMEOUT_MS,
        );
      });
      let applied: number;
      try {
        applied = await Promise.race([newestAppliedMigration(pool), timeout]);
      } catch (error) {
        // No migrations table yet: reachable, but nothing is migrated.
        if ((error as { code?: unknown }).code === '42P01') applied = 0;
        else throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
      } finally {
        clearTimeout(timer);
      }
      if (applied < expectedMillis) {
        throw new HttpError(
          503,
          'MIGRATIONS_PENDING',
          'The database does not hold every migration of this version yet',
        );
      }
      return { status: 'ready', database: 'ok', migrations: 'current' };
    },
  };
}
