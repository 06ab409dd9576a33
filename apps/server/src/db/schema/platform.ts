/** Platform tables: sandbox price feed and the audit trail. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { generatedUuid, timestamptz, updatedAt } from './columns.js';

/** Sandbox-only price feed, set through POST /sandbox/prices. Prices are integer cents. */
export const sandboxPrices = pgTable(
  'sandbox_prices',
  {
    collateralType: text('collateral_type').primaryKey(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('sandbox_prices_price_positive', sql`${table.priceCents} > 0`)],
);

/** Append-only trail of every state change: who, when, from, to and why. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: generatedUuid('id'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    actor: text('actor').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [index('audit_events_entity_idx').on(table.entityType, table.entityId, table.at)],
);
