import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * The database as the services use it: the query builders over the tables of ./schema, imported
 * where they are used. Drizzle is given no schema: it would build a relational query builder for
 * every table on every transaction (which no service uses), a fixed cost of each one.
 */
export type TDb = NodePgDatabase;

/**
 * Runs independent reads at once on the pool, and one after another on a transaction: a
 * transaction holds one connection, which takes one query at a time (node-postgres queues a second
 * one with a deprecation warning today, and will refuse it).
 */
export async function readAll<T extends readonly unknown[] | []>(
  db: TDb,
  reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export interface TDatabase {
  pool: pg.Pool;
  db: TDb;
  /**
   * SQL statements sent through `db` since the pool was made (BEGIN and COMMIT included): each is
   * a round trip. The bench reads it to count the statements of a request.
   */
  statementsSent?: () => number;
}

/**
 * The SQL statements a unit of work sends through `db` while it runs inside `run` (a request, in
 * the bench's mode: http/statement-count.ts), counted apart from the background work that runs
 * meanwhile.
 */
export const statementScope = new AsyncLocalStorage<{ sent: number }>();

/** Several app instances share one PostgreSQL: keep each pool modest (DB_POOL_SIZE). */
export const POOL_MAX_CONNECTIONS = 10;
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;

// Postgres bigint (int8) columns hold cents and counts that stay within safe integers; read them
// as numbers rather than strings. Values beyond 2^53 would be a bug upstream, so refuse them.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`int8 value ${text} is not a safe integer`);
  return value;
});

export interface TPoolLimits {
  /** Connections the pool opens at most. */
  maxConnections?: number;
  /** PostgreSQL cancels a statement running longer, on every connection; none when unset. */
  statementTimeoutMs?: number;
  /** What PostgreSQL shows of these connections (pg_stat_activity): whose work they do. */
  applicationName?: string;
}

export function createDatabase(connectionString: string, limits: TPoolLimits = {}): TDatabase {
  const pool = new pg.Pool({
    connectionString,
    max: limits.maxConnections ?? POOL_MAX_CONNECTIONS,
    ...(limits.statementTimeoutMs !== undefined
      ? { statement_timeout: limits.statementTimeoutMs }
      : {}),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    application_name: limits.applicationName ?? 'pledge-server',
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool
  // replaces it on the next checkout.
  pool.on('error', () => undefined);
  // Likewise a client checked out (a transaction, the job worker's LISTEN connection): its query
  // fails and the caller sees that; the error event itself must not crash the process.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  let statements = 0;
  const db = drizzle(pool, {
    logger: {
      logQuery() {
        statements += 1;
        const scope = statementScope.getStore();
        if (scope !== undefined) scope.sent += 1;
      },
    },
  });
  return { pool, db, statementsSent: () => statements };
}
