import { sql, type SQL } from 'drizzle-orm';

/**
 * The time of a statement, as a one-row query `(now, offset_ms)` for its `WITH t AS (…)`: the
 * process's clock (placeholder `now`), or in the sandbox real time (placeholder `realNowMs`) plus
 * the offset the sandbox clock's row holds now (services/sandbox/sandbox-clock.ts). The row is read
 * once: OFFSET 0 keeps the offset's subquery from being folded into each use of the offset, which
 * read the row twice (a join to the row instead cost PostgreSQL more than the second read).
 */
export function statementClockSql(sandbox: boolean): SQL {
  return sandbox
    ? sql`
      SELECT to_timestamp((${sql.placeholder('realNowMs')}::bigint + c.offset_ms) / 1000.0) AS now,
        c.offset_ms
      FROM (
        SELECT COALESCE((SELECT offset_ms FROM sandbox_clock WHERE id), 0)::bigint AS offset_ms
        OFFSET 0
      ) c`
    : sql`SELECT ${sql.placeholder('now')}::timestamptz AS now, 0::bigint AS offset_ms`;
}
