import type pg from 'pg';
import type { TGetHealthzResponse } from '@pledge/contract';
import { HttpError } from '../../http/errors.js';

/** A health check must answer quickly even when the database hangs. */
const DATABASE_PING_TIMEOUT_MS = 2_000;

/** Up when the database answers a trivial query in time; 503 otherwise. */
export async function checkHealth(pool: pg.Pool): Promise<TGetHealthzResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('database ping timed out')),
      DATABASE_PING_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([pool.query('SELECT 1'), timeout]);
  } catch {
    throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
  } finally {
    clearTimeout(timer);
  }
  return { status: 'ok', database: 'ok' };
}
