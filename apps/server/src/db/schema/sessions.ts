/**
 * Sign-in sessions, one row per access token (keyed by its `jti`), and the sandbox clock. Every
 * instance checks a token against its row on every request, so renewal (last use), the idle and
 * absolute limits and sign-out hold on all instances at once.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { identityUuidColumn } from './identity.js';
import { timestamptz, updatedAt } from './columns.js';

export const sessions = pgTable(
  'sessions',
  {
    /** The `jti` of the session's access token. */
    jti: uuid('jti').primaryKey(),
    identityUuid: identityUuidColumn(),
    audience: text('audience').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    /** The last request made with the token; the idle timeout counts from here. */
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    /** The absolute limit: the session ends here however much it is used. */
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set on sign-out (or when every session of the identity is ended). */
    endedAt: timestamptz('ended_at'),
    /**
     * A coarse name of the device that signed in ("Firefox on Windows"), from its user agent, for
     * the person's list of sessions; the user agent itself is not kept. Null on older sessions.
     */
    deviceLabel: text('device_label'),
  },
  (table) => [
    check(
      'sessions_device_label_bounded',
      sql`${table.deviceLabel} IS NULL OR length(${table.deviceLabel}) <= 64`,
    ),
    check('sessions_audience_known', sql`${table.audience} IN ('customer', 'agent')`),
    index('sessions_identity_idx').on(table.identityUuid),
    index('sessions_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The sandbox clock: how far the deployment's time is ahead of real time. One row at most (the key
 * is always true), shared by every instance.
 */
export const sandboxClock = pgTable(
  'sandbox_clock',
  {
    id: boolean('id').primaryKey().default(true),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('sandbox_clock_single_row', sql`${table.id}`),
    check('sandbox_clock_offset_not_negative', sql`${table.offsetMs} >= 0`),
  ],
);
