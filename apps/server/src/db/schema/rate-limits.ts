/**
 * Fixed-window request counters of the per-route limits (@fastify/rate-limit with the shared store
 * of security/rate-limit.ts), so that every app instance counts against the same numbers. The
 * bucket is a keyed digest of the route and the client address, never the address itself.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamptz('window_ends_at').notNull(),
  },
  (table) => [index('rate_limit_counters_window_ends_idx').on(table.windowEndsAt)],
);
