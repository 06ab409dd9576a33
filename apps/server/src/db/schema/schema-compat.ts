/**
 * Which releases can serve this database (rolling changes): one row, the lowest release
 * compatibility level an instance must have (RELEASE_COMPAT_LEVEL, db/schema-compat.ts) and why.
 * An expand migration (a table, a nullable or defaulted column, an index, a trigger that keeps an
 * older release's writes whole) leaves it alone, so the release before keeps serving beside the
 * new one; a contract migration (a column or table an older release reads or writes dropped or
 * renamed, a constraint it would break) raises it, with its reason, to the level of the oldest
 * release that no longer needs what it removes, normally the release before it.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

export const schemaCompat = pgTable(
  'schema_compat',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    minReleaseLevel: integer('min_release_level').notNull(),
    /** What the migration that set the level removed or changed, for the operator. */
    reason: text('reason').notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (table) => [
    check('schema_compat_one_row', sql`${table.id}`),
    check('schema_compat_level_positive', sql`${table.minReleaseLevel} >= 1`),
  ],
);
