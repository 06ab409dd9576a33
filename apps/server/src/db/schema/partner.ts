/**
 * Partner events (issue 39): the transactional outbox filled by a trigger on audit_events (every
 * audit row of an application or a loan is copied in the transaction that writes it), the events
 * of the catalogue made from it, the lenders' webhook endpoints with every delivery and attempt,
 * the partner API keys (only a digest of the secret is kept) and the sandbox's webhook receiver.
 * Expand-only tables: the release before this one never reads them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedUuid, oneOf, timestamptz } from './columns.js';

/** A copy of an audit row that may become partner events; drained in id order. */
export const partnerOutbox = pgTable(
  'partner_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    auditEventId: uuid('audit_event_id'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    at: timestamptz('at').notNull(),
    drainedAt: timestamptz('drained_at'),
  },
  (table) => [
    index('partner_outbox_waiting_idx')
      .on(table.id)
      .where(sql`drained_at IS NULL`),
  ],
);

/** An event of the catalogue; `id` is its idempotency key, `seq` the order partners read it in. */
export const partnerEvents = pgTable(
  'partner_events',
  {
    id: generatedUuid('id'),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    version: integer('version').notNull(),
    brand: text('brand').notNull(),
    appUuid: uuid('app_uuid').notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('partner_events_seq_unique').on(table.seq),
    uniqueIndex('partner_events_outbox_type_unique').on(table.outboxId, table.type),
    index('partner_events_brand_seq_idx').on(table.brand, table.seq),
    index('partner_events_brand_time_idx').on(table.brand, table.occurredAt),
  ],
);

export const PARTNER_ENDPOINT_STATUSES = ['ACTIVE', 'DISABLED'] as const;

/** A lender's webhook endpoint; the signing secret is sealed with the field cipher. */
export const partnerWebhookEndpoints = pgTable(
  'partner_webhook_endpoints',
  {
    id: generatedUuid('id'),
    brand: text('brand').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull(),
    /** Sealed with context `partner_webhook_endpoints.secret:<id>`. */
    secretSealed: text('secret_sealed').notNull(),
    status: text('status').$type<(typeof PARTNER_ENDPOINT_STATUSES)[number]>().notNull(),
    /** The first failed attempt since the last delivered one; null while deliveries succeed. */
    failingSince: timestamptz('failing_since'),
    disabledAt: timestamptz('disabled_at'),
    disabledReason: text('disabled_reason'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('partner_webhook_endpoints_brand_idx').on(table.brand),
    check('partner_webhook_endpoints_status_check', oneOf(table.status, PARTNER_ENDPOINT_STATUSES)),
  ],
);

export const PARTNER_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'GAVE_UP'] as const;

/** One event to one endpoint (a replay is a new delivery of the same event). */
export const partnerDeliveries = pgTable(
  'partner_deliveries',
  {
    id: generatedUuid('id'),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => partnerWebhookEndpoints.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => partnerEvents.id),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    appUuid: uuid('app_uuid').notNull(),
    status: text('status').$type<(typeof PARTNER_DELIVERY_STATUSES)[number]>().notNull(),
    isReplay: boolean('is_replay').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lastStatusCode: integer('last_status_code'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('partner_deliveries_first_unique')
      .on(table.endpointId, table.eventId)
      .where(sql`NOT is_replay`),
    index('partner_deliveries_pending_idx')
      .on(table.endpointId, table.appUuid, table.eventSeq)
      .where(sql`status = 'PENDING'`),
    index('partner_deliveries_endpoint_time_idx').on(table.endpointId, table.createdAt),
    check('partner_deliveries_status_check', oneOf(table.status, PARTNER_DELIVERY_STATUSES)),
  ],
);

/** Every attempt of a delivery: status, latency and at most 1 KB of the answer. */
export const partnerDeliveryAttempts = pgTable(
  'partner_delivery_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => partnerDeliveries.id),
    attemptedAt: timestamptz('attempted_at').notNull(),
    statusCode: integer('status_code'),
    isSuccess: boolean('is_success').notNull(),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    responseBody: text('response_body'),
  },
  (table) => [
    index('partner_delivery_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt),
    check(
      'partner_delivery_attempts_body_check',
      sql`octet_length(${table.responseBody}) <= 1024 AND octet_length(${table.error}) <= 1024`,
    ),
  ],
);

/** A partner API key: `keyId` is the public part, `secretHash` the SHA-256 of the secret. */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: generatedUuid('id'),
    brand: text('brand').notNull(),
    keyId: text('key_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    label: text('label').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** Set on the old key when it is rotated: it keeps working until then (the overlap). */
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    lastUsedAt: timestamptz('last_used_at'),
    /** The key this one was rotated from. */
    replacesId: uuid('replaces_id'),
  },
  (table) => [
    uniqueIndex('partner_api_keys_key_id_unique').on(table.keyId),
    index('partner_api_keys_brand_idx').on(table.brand),
  ],
);

/** What the sandbox's webhook receiver was sent (sandbox only). */
export const sandboxWebhookInbox = pgTable(
  'sandbox_webhook_inbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text('event_id').notNull(),
    signature: text('signature').notNull(),
    body: text('body').notNull(),
    answeredStatus: integer('answered_status').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (table) => [index('sandbox_webhook_inbox_received_idx').on(table.receivedAt)],
);

/** The sandbox receiver's failure mode: it answers `fail_status` to the next `fail_remaining` posts. */
export const sandboxWebhookReceiver = pgTable('sandbox_webhook_receiver', {
  id: boolean('id').primaryKey().default(true),
  failRemaining: integer('fail_remaining').notNull().default(0),
  failStatus: integer('fail_status').notNull().default(503),
});

/**
 * The secret of an approved endpoint or key, sealed until the agent who proposed it reads it once
 * (then only the row that it was shown stays). Keyed by the proposal.
 */
export const partnerSecretReveals = pgTable('partner_secret_reveals', {
  proposalId: uuid('proposal_id').primaryKey(),
  kind: text('kind').$type<'WEBHOOK_ENDPOINT' | 'API_KEY'>().notNull(),
  /** The endpoint's id or the key's public id. */
  targetId: text('target_id').notNull(),
  /** Sealed with context `partner_secret_reveals:<proposal id>`; null once shown. */
  secretSealed: text('secret_sealed'),
  revealedAt: timestamptz('revealed_at'),
  createdAt: createdAt(),
});
