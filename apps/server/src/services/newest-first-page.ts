/**
 * A console list newest first, a page at a time. The cursor is the last row's time and key
 * (`<ISO time>|<key>`); the next page holds the rows older than it, rows of the same time ordered
 * by their key.
 */
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { HttpError } from '../http/errors.js';

export interface TNewestFirst {
  time: AnyPgColumn;
  key: AnyPgColumn;
}

/** The order of the list: newest first, then by key. */
export const newestFirst = (columns: TNewestFirst) => [desc(columns.time), desc(columns.key)];

/**
 * The rows after the cursor (undefined: the first page, all of them). A cursor no page gave (its
 * key refused by `isKey`, or no time) is answered 400.
 */
export function afterCursor(
  cursor: string | undefined,
  columns: TNewestFirst,
  isKey: (key: string) => boolean = () => true,
): SQL | undefined {
  if (cursor === undefined) return undefined;
  const [at, key] = cursor.split('|');
  const when = new Date(at ?? '');
  if (key === undefined || !isKey(key) || Number.isNaN(when.getTime())) {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid cursor', {
      cursor: ['Invalid cursor'],
    });
  }
  return or(lt(columns.time, when), and(eq(columns.time, when), lt(columns.key, key)));
}

/**
 * A page of the rows read with one more than `limit` (the extra row says there is a next page),
 * and the cursor of that next page.
 */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (row: T) => { time: Date; key: string },
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  if (rows.length <= limit || last === undefined) return { page, nextCursor: null };
  const { time, key } = cursorOf(last);
  return { page, nextCursor: `${time.toISOString()}|${key}` };
}

/** A list read newest first: its columns, each row's place in it, and the keys its cursors hold. */
export interface TNewestFirstList<TRow> extends TNewestFirst {
  cursorOf: (row: TRow) => { time: Date; key: string };
  isKey?: (key: string) => boolean;
}

/** One page of the rows `select` reads that match `where`, after the query's cursor. */
export async function readNewestFirstPage<TSelect extends PgSelect>(
  select: TSelect,
  where: SQL | undefined,
  query: { cursor?: string | undefined; limit: number },
  list: TNewestFirstList<TSelect['_']['result'][number]>,
): Promise<{ page: TSelect['_']['result']; nextCursor: string | null }> {
  const rows = await select
    .where(and(where, afterCursor(query.cursor, list, list.isKey)))
    .orderBy(...newestFirst(list))
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, list.cursorOf);
}
