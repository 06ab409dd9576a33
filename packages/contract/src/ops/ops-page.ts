/**
 * A console list read a page at a time, by keyset paging (it stays fast on millions of rows): the
 * query fields every such list takes, and the page it answers.
 */
import { z } from 'zod/mini';

/** Largest page the console may ask for. */
export const OPS_PAGE_SIZE_MAX = 100;
export const OPS_PAGE_SIZE_DEFAULT = 25;

/** A page's query fields, beside a list's own filters. */
export const OPS_PAGE_QUERY = {
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(OPS_PAGE_SIZE_MAX)),
    OPS_PAGE_SIZE_DEFAULT,
  ),
};

/** A page of a list's items, in its order; `nextCursor` is null on the last page. */
export function zOpsPage<TItem extends z.ZodMiniType>(item: TItem) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}

/** The query of a console list filtered by one optional status, a page at a time. */
export function zOpsStatusPageQuery<const TStatus extends readonly [string, ...string[]]>(
  statuses: TStatus,
) {
  return z.object({ status: z.optional(z.enum(statuses)), ...OPS_PAGE_QUERY });
}
