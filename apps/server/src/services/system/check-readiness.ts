/**
 * Readiness of an instance for traffic: the database answers in time, holds every migration this
 * build ships (a newer build may have applied more; that is still ready), and its schema is not
 * beyond this build: a newer release's contract migration raised its compatibility level above
 * this build's (db/schema-compat.ts). That last one is said with its reason, and logged once when
 * it is first seen (and when it clears); the instance refuses other requests meanwhile
 * (schemaProblem, routes/system/health.ts). Liveness asks less: see routes/system/health.ts.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import type { TGetReadyzResponse } from '@pledge/contract';
import { MIGRATIONS_DIR } from '../../db/migrate.js';
import {
  readSchemaCompat,
  schemaCompatProblem,
  servedCompatLevel,
} from '../../db/schema-compat.js';
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
  /** Why this build cannot serve the schema, as the last check found it; null when it can. */
  schemaProblem(): string | null;
}

export interface TReadinessOptions {
  /** The `when` of the newest migration this build ships. */
  expectedMillis?: number;
  /** This build's compatibility level (db/schema-compat.ts; tests give others). */
  releaseLevel?: number;
  log?: {
    error(object: object, message: string): void;
    info(object: object, message: string): void;
  };
}

export function createReadinessCheck(
  pool: pg.Pool,
  options: TReadinessOptions = {},
): TReadinessCheck {
  const expectedMillis = options.expectedMillis ?? expectedMigrationMillis();
  const releaseLevel = options.releaseLevel ?? servedCompatLevel();
  let isDraining = false;
  let schemaProblem: string | null = null;
  /** Keeps what the schema says, telling the log when it changes. */
  const noteSchemaProblem = (problem: string | null) => {
    if (problem === schemaProblem) return;
    if (problem !== null) {
      options.log?.error({ releaseLevel }, `refusing to serve: ${problem}`);
    } else {
      options.log?.info({ releaseLevel }, 'the database schema is served by this version again');
    }
    schemaProblem = problem;
  };
  return {
    schemaProblem: () => schemaProblem,
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
      let problem: string | null;
      try {
        const [newest, compat] = await Promise.race([
          Promise.all([
            newestAppliedMigration(pool).catch((error: unknown) => {
              // No migrations table yet: reachable, but nothing is migrated.
              if ((error as { code?: unknown }).code === '42P01') return 0;
              throw error;
            }),
            readSchemaCompat(pool),
          ]),
          timeout,
        ]);
        applied = newest;
        problem = schemaCompatProblem(compat, releaseLevel);
      } catch {
        throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
      } finally {
        clearTimeout(timer);
      }
      noteSchemaProblem(problem);
      if (problem !== null) throw new HttpError(503, 'SCHEMA_TOO_NEW', problem);
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
