/**
 * The cleanup each sign-in write does beside itself, so that no job is needed: a bounded batch of
 * the rows of a table (codes, begun sign-ins, sessions) that expired before a moment.
 */
import { lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/pool.js';
import { PRUNE_BATCH_ROWS } from './sign-in-limits.js';

/** Deletes at most PRUNE_BATCH_ROWS rows of `table` whose `expiresAt` is before `before`. */
export async function pruneExpired(
  tx: TDb,
  rows: { table: PgTable; key: AnyPgColumn | SQL; expiresAt: AnyPgColumn },
  before: Date,
): Promise<void> {
  const { table, key } = rows;
  await tx.execute(sql`
    DELETE FROM ${table} WHERE ${key} IN (
      SELECT ${key} FROM ${table} WHERE ${lt(rows.expiresAt, before)}
      LIMIT ${PRUNE_BATCH_ROWS})`);
}
