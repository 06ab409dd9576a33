/**
 * What the deploy steps run on their own share (`npm run migrate`, `npm run migrate-files`): a
 * small pool on the database, closed with the embedded PostgreSQL and the log whatever happened,
 * and the process's exit code from the step's answer.
 */
import type { Logger } from 'pino';
import type { TEmbeddedPostgres } from '../db/embedded.js';
import { createDatabase, type TDatabase } from '../db/pool.js';

/** Runs `work` on two connections (one holds the migration lock while the job queue installs). */
export async function withStepDatabase(
  opened: { url: string; embedded: TEmbeddedPostgres | undefined },
  logger: Logger,
  work: (database: TDatabase) => Promise<number>,
): Promise<number> {
  const database = createDatabase(opened.url, { maxConnections: 2 });
  try {
    return await work(database);
  } finally {
    await database.pool.end();
    await opened.embedded?.stop();
    logger.flush();
  }
}

/** Exits with the step's code, or 1 with its error's message (after `failure`, when given). */
export function runStep(step: () => Promise<number>, failure = ''): void {
  step().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${failure}${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
