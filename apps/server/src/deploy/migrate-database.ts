/**
 * `npm run migrate`: applies the pending migrations of this version to the database, logs which
 * (one line), then exits: 0 when the schema is current (or newer by expand migrations only, which
 * this version serves), 1 when it could not be migrated or a newer version's contract migration
 * left it beyond this version (db/schema-compat.ts). The boot does the same; this runs it as a step
 * of its own before new instances start. Safe to run more than once and beside running instances.
 *
 * Needs only DATABASE_URL (and LOG_LEVEL); without it, the configuration of the whole server is
 * read and the embedded PostgreSQL of DATA_DIR is migrated, as `npm start` would.
 */
import { loadConfigOrReport, type TLogLevel } from '../config.js';
import { openConfiguredDatabase, type TEmbeddedPostgres } from '../db/embedded.js';
import { applyMigrations, SchemaTooNewError } from '../db/migrate.js';
import { createLogger } from '../logger.js';
import { runStep, withStepDatabase } from './deploy-step.js';

const LOG_LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

function logLevel(): TLogLevel {
  const level = process.env.LOG_LEVEL?.trim();
  return (level !== undefined && LOG_LEVELS.includes(level) ? level : 'info') as TLogLevel;
}

async function main(): Promise<number> {
  const logger = createLogger(logLevel());
  let embedded: TEmbeddedPostgres | undefined;
  let databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    process.stderr.write('DATABASE_URL: must be a postgres:// URL\n');
    return 1;
  }
  if (databaseUrl === undefined) {
    const config = loadConfigOrReport();
    if (config === undefined) return 1;
    ({ url: databaseUrl, embedded } = await openConfiguredDatabase(config, logger));
  }
  return withStepDatabase({ url: databaseUrl, embedded }, logger, async (database) => {
    try {
      await applyMigrations(database.pool, { log: logger });
      return 0;
    } catch (error) {
      if (!(error instanceof SchemaTooNewError)) throw error;
      logger.fatal(error.message);
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
  });
}

runStep(main, 'migration failed: ');
