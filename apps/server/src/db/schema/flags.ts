/** Feature flags and experiments, decided per tracker and organisation. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

export const featureFlags = pgTable(
  'feature_flags',
  {
    key: text('key').primaryKey(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(false),
    /** Share of trackers reached when enabled, 0 to 100. */
    rolloutPct: integer('rollout_pct').notNull().default(100),
    /** Organisation code → forced on or off for that organisation. */
    organizationOverrides: jsonb('organization_overrides')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    updatedAt: updatedAt(),
    /** The agent who last changed the flag; null while it is as the product ships it. */
    updatedBy: text('updated_by'),
  },
  (table) => [
    check('feature_flags_rollout_range', sql`${table.rolloutPct} BETWEEN 0 AND 100`),
    check(
      'feature_flags_overrides_object',
      sql`jsonb_typeof(${table.organizationOverrides}) = 'object'`,
    ),
  ],
);
