/**
 * Which failures of PostgreSQL are passing conditions a client should retry rather than bugs: the
 * database out of reach (refused or dropped connections, no pooled connection in time, a server
 * shutting down) answers 503, a statement cut short by its statement or lock timeout 504. Both say
 * when to retry and nothing else about the database.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';

export type TDatabaseFailure = 'unavailable' | 'timeout';

/** SQLSTATEs of a statement that ran out of time: statement_timeout (query_canceled), lock_timeout. */
const TIMEOUT_SQLSTATES: ReadonlySet<string> = new Set(['57014', '55P03']);

/** SQLSTATEs of a server that cannot take the statement now (shutting down, starting, full). */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** What node-postgres says when it has no connection to give (pg-pool, pg's client). */
const DRIVER_UNAVAILABLE_MESSAGES: ReadonlySet<string> = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]);

/** A socket error of the operating system (it names its system call): not an HTTP client's error. */
function isNetworkFailure(error: Error): boolean {
  const { code, syscall } = error as Error & { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || !NETWORK_CODES.has(code)) return false;
  // A host with several addresses fails with one error per address, gathered.
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => inner instanceof Error && isNetworkFailure(inner));
  }
  return typeof syscall === 'string';
}

function classify(error: Error): TDatabaseFailure | null {
  if (error instanceof pg.DatabaseError && typeof error.code === 'string') {
    if (TIMEOUT_SQLSTATES.has(error.code)) return 'timeout';
    // Class 08: connection exception.
    if (UNAVAILABLE_SQLSTATES.has(error.code) || error.code.startsWith('08')) return 'unavailable';
    return null;
  }
  if (DRIVER_UNAVAILABLE_MESSAGES.has(error.message) || isNetworkFailure(error)) {
    return 'unavailable';
  }
  return null;
}

/**
 * The database failure behind an error thrown while handling a request, or null when it is
 * something else. Drizzle wraps a failed query (its cause is the driver's error); a transaction
 * that could not get a connection throws the driver's error itself.
 */
export function databaseFailureOf(error: unknown): TDatabaseFailure | null {
  const driverError = driverErrorOf(error);
  return driverError === null ? null : classify(driverError);
}

/**
 * The driver's error under Drizzle's (whose message holds the statement and its parameters, which
 * may be personal data): what a log may say about a database failure.
 */
export function driverErrorOf(error: unknown): Error | null {
  if (error instanceof DrizzleQueryError) return error.cause instanceof Error ? error.cause : null;
  return error instanceof Error ? error : null;
}
