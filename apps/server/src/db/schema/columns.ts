/**
 * The column shapes the table files share, written once: a time with its zone, money in integer
 * cents, a coin quantity, a generated uuid key, the common timestamps, and the check that a column
 * holds one of a fixed list of values.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
export const cents = (name: string) => bigint(name, { mode: 'number' });
// 20 integer digits: any quantity whose value fits in safe-integer cents, at any price.
export const coinQuantity = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** The row's key, made by PostgreSQL (`uuid` or `id`). */
export const generatedUuid = (name: 'uuid' | 'id') =>
  uuid(name)
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** `col IN ('A', 'B')` for a check constraint over a fixed list of values. */
export function oneOf(column: AnyPgColumn, values: readonly string[]) {
  return sql`${column} IN (${sql.join(
    values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`)),
    sql`, `,
  )})`;
}
