/** Tracking sessions and their events (document 2 §3 Telemetry). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedUuid, timestamptz } from './columns.js';

/** One tracking session of one browser tab; `tracker_uuid` stays the same across its sessions. */
export const telemetrySessions = pgTable(
  'telemetry_sessions',
  {
    uuid: uuid('uuid').primaryKey(),
    trackerUuid: uuid('tracker_uuid').notNull(),
    /** Milliseconds since 1970 when the session started: the `epoch` of its session key. */
    epochMs: bigint('epoch_ms', { mode: 'number' }).notNull(),
    context: text('context').notNull(),
    platform: text('platform').notNull(),
    libraryVersion: text('library_version').notNull(),
    appVersion: text('app_version').notNull(),
    referrer: text('referrer').notNull(),
    screenWidth: integer('screen_width').notNull(),
    screenHeight: integer('screen_height').notNull(),
    windowWidth: integer('window_width').notNull(),
    windowHeight: integer('window_height').notNull(),
    /** The signed-in identity that opened the session, from a verified token only. */
    identityUuid: uuid('identity_uuid'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (table) => [index('telemetry_sessions_tracker_idx').on(table.trackerUuid)],
);

/**
 * Events of a session. `dedupe_hash` (a digest of the value that makes two events the same) is
 * unique per session and event name; it is null for events that must never be deduplicated, and
 * nulls never collide.
 */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: generatedUuid('id'),
    sessionUuid: uuid('session_uuid')
      .notNull()
      .references(() => telemetrySessions.uuid, { onDelete: 'cascade' }),
    context: text('context').notNull(),
    event: text('event').notNull(),
    eventType: text('event_type').notNull(),
    productType: text('product_type').notNull(),
    domain: text('domain').notNull(),
    pagePath: text('page_path').notNull(),
    queryParams: jsonb('query_params').$type<Record<string, string>>().notNull(),
    eventProperties: jsonb('event_properties')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull(),
    /** From a verified token only; the identity a browser claims is not trusted. */
    identityUuid: uuid('identity_uuid'),
    applicationUuid: uuid('application_uuid'),
    dedupeHash: text('dedupe_hash'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('telemetry_events_dedupe_idx').on(table.sessionUuid, table.event, table.dedupeHash),
    index('telemetry_events_received_idx').on(table.receivedAt),
    // A backstop behind the API's own limit on event properties, with room for the spacing of
    // jsonb's text form.
    check(
      'telemetry_events_properties_size',
      sql`octet_length(${table.eventProperties}::text) <= 16384`,
    ),
  ],
);
