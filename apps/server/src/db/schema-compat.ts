/**
 * Rolling changes (expand, then contract a release later): release N and N+1 serve one schema side
 * by side, so a migration that removes what a release still reads must wait for the release after
 * the one that stopped reading it. Each release has a compatibility level, one more than the
 * release before (CHANGELOG.md names it); the schema holds the lowest level that can serve it
 * (schema_compat, db/schema/schema-compat.ts), raised only by contract migrations. An instance
 * whose level is lower refuses to serve that schema and says why: its boot and its migrate step
 * stop with the reason (db/migrate.ts), and a running one answers /readyz 503 with it and refuses
 * every other request (routes/system/health.ts).
 *
 * A contract migration raises it in its own SQL, to the level of the oldest release that no longer
 * needs what it removes (normally the release before it), never lowering it:
 *   UPDATE schema_compat SET min_release_level = greatest(min_release_level, <level>),
 *     reason = '<what it removed, and which release still needed it>', changed_at = now();
 */
import type pg from 'pg';

/** This release's compatibility level: raise it by one in every release. */
export const RELEASE_COMPAT_LEVEL = 1;

/**
 * Set in a test process (NODE_ENV=test) only: the level it stands for instead of this release's,
 * so that the multi-instance tests run the release before and the one after from one build.
 */
export const COMPAT_LEVEL_UNDER_TEST_VARIABLE = 'COMPAT_LEVEL_UNDER_TEST';

/** The level this process serves: this release's (another only in a test process, see above). */
export function servedCompatLevel(env: NodeJS.ProcessEnv = process.env): number {
  const underTest = env[COMPAT_LEVEL_UNDER_TEST_VARIABLE];
  if (env.NODE_ENV !== 'test' || underTest === undefined) return RELEASE_COMPAT_LEVEL;
  const level = Number(underTest);
  if (!Number.isSafeInteger(level) || level < 1) {
    throw new Error(`${COMPAT_LEVEL_UNDER_TEST_VARIABLE} must be a level of 1 or more`);
  }
  return level;
}

export interface TSchemaCompat {
  minReleaseLevel: number;
  reason: string;
}

/** The schema's row; null before the migration that made it (an older schema: any level serves it). */
export async function readSchemaCompat(
  client: pg.Pool | pg.PoolClient,
): Promise<TSchemaCompat | null> {
  try {
    const result = await client.query<{ min_release_level: number; reason: string }>(
      'SELECT min_release_level, reason FROM schema_compat LIMIT 1',
    );
    const row = result.rows[0];
    return row === undefined
      ? null
      : { minReleaseLevel: row.min_release_level, reason: row.reason };
  } catch (error) {
    // No such table: the schema predates it.
    if ((error as { code?: unknown }).code === '42P01') return null;
    throw error;
  }
}

/** Why an instance of `level` cannot serve the schema, or null when it can. */
export function schemaCompatProblem(
  compat: TSchemaCompat | null,
  level: number = RELEASE_COMPAT_LEVEL,
): string | null {
  if (compat === null || compat.minReleaseLevel <= level) return null;
  return (
    `The database schema needs a release of compatibility level ${compat.minReleaseLevel} or ` +
    `later; this instance is level ${level} (${compat.reason}). A newer release migrated it with ` +
    'a change this one cannot serve: run that release (or a later one) instead of this one.'
  );
}
