/**
 * The job queue lives in PostgreSQL, in the schema graphile-worker installs and migrates itself
 * (`graphile_worker`). It is installed before the app's own migrations (see db/migrate.ts), so
 * that a migration may enqueue jobs and every database the app opens can take jobs at once.
 */
import { Logger, runMigrations as runQueueMigrations } from 'graphile-worker';
import type pg from 'pg';

export const JOB_QUEUE_SCHEMA = 'graphile_worker';

/** The queue's own log lines, on the app's logger; debug and info chatter is left out. */
export interface TQueueLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export function queueLogger(log: TQueueLog | undefined): Logger {
  return new Logger(() => (level, message, meta) => {
    if (log === undefined) return;
    // A failed attempt is logged by the worker with the job's kind and attempt, not its payload.
    if (meta?.failure === true) return;
    if (level === 'error') log.error({ component: 'job-queue' }, message);
    else if (level === 'warning') log.warn({ component: 'job-queue' }, message);
  });
}

/** Installs or upgrades the queue's schema; concurrent callers take turns on the queue's lock. */
export async function installJobQueue(pool: pg.Pool, log?: TQueueLog): Promise<void> {
  await runQueueMigrations({ pgPool: pool, schema: JOB_QUEUE_SCHEMA, logger: queueLogger(log) });
}
