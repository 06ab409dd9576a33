/** Every e-mail the platform sends, as stored (sandbox mailbox) or as delivered (SMTP). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const OUTBOX_STATUSES = ['stored', 'sent', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Lower-case recipient address. */
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** The text as sent in the sandbox; outside it, secrets (one-time codes) are blanked out. */
    bodyText: text('body_text').notNull(),
    /** stored: kept in the sandbox mailbox; sent / failed: the SMTP delivery's outcome. */
    status: text('status').$type<TOutboxStatus>().notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_to_idx').on(table.toAddress, table.createdAt),
    check('outbox_status_known', sql`${table.status} IN ('stored', 'sent', 'failed')`),
  ],
);
