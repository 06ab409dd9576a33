/** Remote banners shown at the top of the layout (document 2 §3 Banner). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, generatedUuid, updatedAt } from './columns.js';

export const banners = pgTable(
  'banners',
  {
    uuid: generatedUuid('uuid'),
    message: text('message').notNull(),
    /** The apps the banner shows in (for example `crypto-backed-loan`). */
    apps: text('apps').array().notNull(),
    variant: text('variant').notNull(),
    active: boolean('active').notNull().default(false),
    dismissable: boolean('dismissable').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('banners_variant', sql`${table.variant} IN ('info', 'warn')`),
    index('banners_active_created_idx').on(table.active, table.createdAt),
  ],
);
