/**
 * Every e-mail the platform sends, from the transaction that decided to send it (status queued)
 * to its delivery by the e-mail job: kept in the sandbox mailbox (stored), handed to SMTP (sent),
 * or given up after its attempts (failed, listed in the agent console for a retry).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, generatedUuid, timestamptz } from './columns.js';

export const OUTBOX_STATUSES = ['queued', 'stored', 'sent', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: generatedUuid('id'),
    /** What the message is (sign-in code, waitlist confirmation, …), for the agent console. */
    kind: text('kind').notNull().default('message'),
    /**
     * Lower-case recipient address, in clear: still written for the previous release during a
     * rolling deploy, read by this one only for a row that release wrote until the boot step seals
     * it; dropped next release.
     */
    toAddress: text('to_address').notNull(),
    /** The recipient sealed with the field cipher (context `outbox.to_address:<id>`). */
    toAddressSealed: text('to_address_sealed'),
    /** Keyed digest of the recipient (digestEmail): how the sandbox mailbox finds its messages. */
    toDigest: text('to_digest'),
    /** Display name of the sender: the brand the message speaks for. */
    fromName: text('from_name').notNull().default(''),
    subject: text('subject').notNull(),
    /** The text as sent in the sandbox; outside it, secrets (one-time codes) are blanked out. */
    bodyText: text('body_text').notNull(),
    /**
     * Outside the sandbox, the message with its secrets, encrypted, from queueing until it is
     * handed to SMTP; null once sent (and always in the sandbox, where the text is kept whole).
     */
    sealedMessage: text('sealed_message'),
    /** queued: waiting for (or between) delivery attempts; stored / sent / failed: the outcome. */
    status: text('status').$type<TOutboxStatus>().notNull(),
    /** Delivery attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The e-mail job that delivers it. */
    jobId: text('job_id'),
    providerMessageId: text('provider_message_id'),
    /** The last delivery error, secrets blanked out. */
    error: text('error'),
    createdAt: createdAt(),
    /** When it was stored or sent. */
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    index('outbox_to_idx').on(table.toAddress, table.createdAt),
    index('outbox_to_digest_idx').on(table.toDigest, table.createdAt),
    // The boot step's walk over rows the previous release wrote: none once they are sealed.
    index('outbox_unsealed_idx')
      .on(table.id)
      .where(sql`${table.toAddressSealed} IS NULL`),
    check(
      'outbox_to_sealed_with_digest',
      sql`(${table.toAddressSealed} IS NULL) = (${table.toDigest} IS NULL)`,
    ),
    index('outbox_failed_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'failed'`),
    check('outbox_status_known', sql`${table.status} IN ('queued', 'stored', 'sent', 'failed')`),
  ],
);
