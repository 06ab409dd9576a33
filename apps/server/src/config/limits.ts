/**
 * This instance's limits: connections, statement time, shutdown time.
 *
 * - DB_POOL_SIZE [4]: PostgreSQL connections this instance's requests use at most. A Node process
 *   keeps few connections busy at once; each one more is a backend that waits between statements
 *   and is woken for the next, which costs PostgreSQL more CPU a request than the statement. The
 *   background work has a pool of its own beside it (server.ts: the job worker's runs at once and
 *   LISTENs, 7 with the worker, 2 without): instances × (size + that) must stay under the
 *   server's max_connections.
 * - DB_STATEMENT_TIMEOUT_MS [30000]: a SQL statement running longer is cancelled (set on every
 *   connection of the pool; migrations at boot are exempt).
 * - DRAIN_TIMEOUT_MS [10000]: on SIGTERM or SIGINT, how long in-flight requests and running jobs
 *   get to finish before the process exits anyway.
 */
import { z } from 'zod';
import { defineArea, ZWholeNumber } from './area.js';

export interface TLimitsConfig {
  /** Connections this instance's request pool opens at most. */
  dbPoolSize: number;
  /** Statements running longer are cancelled by PostgreSQL. */
  dbStatementTimeoutMs: number;
  /** How long a shutdown waits for in-flight requests and running jobs. */
  drainTimeoutMs: number;
}

export const limitsArea = defineArea({
  variables: z.object({
    DB_POOL_SIZE: ZWholeNumber('connections', 1, 1000).default(4),
    DB_STATEMENT_TIMEOUT_MS: ZWholeNumber('milliseconds', 100, 3_600_000).default(30_000),
    DRAIN_TIMEOUT_MS: ZWholeNumber('milliseconds', 1_000, 600_000).default(10_000),
  }),
  shown: ['DB_POOL_SIZE', 'DB_STATEMENT_TIMEOUT_MS', 'DRAIN_TIMEOUT_MS'],
  build: (env): TLimitsConfig => ({
    dbPoolSize: env.DB_POOL_SIZE,
    dbStatementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    drainTimeoutMs: env.DRAIN_TIMEOUT_MS,
  }),
});
