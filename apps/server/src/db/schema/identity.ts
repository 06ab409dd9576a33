/**
 * Sign-in tables: identities (broker and legacy), agents, one-time codes, sign-in requests and the
 * shared rate-limit log (sessions are in sessions.ts). Emails are stored lower-case, which makes
 * them unique case-insensitively; one-time codes and rate-limit subjects are stored only as keyed
 * digests.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedUuid, timestamptz, updatedAt } from './columns.js';

/** A person who signs in: created on the first customer sign-in, or migrated from the legacy service. */
export const identities = pgTable(
  'identities',
  {
    uuid: generatedUuid('uuid'),
    /**
     * The address in clear: still written for the previous release during a rolling deploy, read by
     * this one only for a row that release wrote until the boot step seals it; dropped next release.
     */
    email: text('email').notNull().unique('identities_email_unique'),
    /** The address sealed with the field cipher (context `identities.email:<uuid>`). */
    emailSealed: text('email_sealed'),
    /** Keyed digest of the normalised address (digestEmail): how an identity is found by address. */
    emailDigest: text('email_digest'),
    organizationCode: text('organization_code').notNull(),
    isManageable: boolean('is_manageable').notNull().default(true),
    activeLegacyCustomerOrgs: text('active_legacy_customer_orgs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    walletAccountAddress: text('wallet_account_address'),
    walletGroupPolicyAddress: text('wallet_group_policy_address'),
    /** argon2id (legacy sign-in only; broker identities have none). */
    passwordHash: text('password_hash'),
    passwordExpiresAt: timestamptz('password_expires_at'),
    /** The TOTP secret, sealed with the field cipher (context `identities.totp_secret:<uuid>`). */
    totpSecretSealed: text('totp_secret_sealed'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    totpVerified: boolean('totp_verified').notNull().default(false),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('identities_email_lower', sql`${table.email} = lower(${table.email})`),
    // Prefix search (`LIKE 'ada%'`) of the agent console, whatever the database's collation.
    index('identities_email_prefix_idx').on(table.email.op('text_pattern_ops')),
    uniqueIndex('identities_email_digest_unique')
      .on(table.emailDigest)
      .where(sql`${table.emailDigest} IS NOT NULL`),
    check(
      'identities_email_sealed_with_digest',
      sql`(${table.emailSealed} IS NULL) = (${table.emailDigest} IS NULL)`,
    ),
    check(
      'identities_two_factor_has_secret',
      sql`NOT ${table.twoFactorEnabled} OR ${table.totpSecretSealed} IS NOT NULL`,
    ),
  ],
);

/** The identity a row belongs to; the row goes with it. */
export const identityUuidColumn = () =>
  uuid('identity_uuid')
    .notNull()
    .references(() => identities.uuid, { onDelete: 'cascade' });

/** Contact aliases other than the sign-in email (which is `identities.email`). */
export const identityAliases = pgTable(
  'identity_aliases',
  {
    identityUuid: identityUuidColumn(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ name: 'identity_aliases_pk', columns: [table.identityUuid, table.type] }),
    // Not unique: a phone is no sign-in factor, and a refused duplicate told who has that number.
    index('identity_aliases_value_idx').on(table.type, table.value),
    check('identity_aliases_not_email', sql`${table.type} <> 'Email'`),
  ],
);

/** Addresses allowed to sign in on the agent audience. */
export const agents = pgTable(
  'agents',
  {
    email: text('email').primaryKey(),
    /**
     * digestEmail of the address: how a session check finds an identity's agent row without reading
     * the identity's address in clear. Null only on a row the previous release inserted, until the
     * boot step or the next provisioning digests it.
     */
    emailDigest: text('email_digest'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    /** When and by whom the address stopped being an agent: `AGENT_EMAILS` or the agent's address. */
    deactivatedAt: timestamptz('deactivated_at'),
    deactivatedBy: text('deactivated_by'),
  },
  (table) => [
    check('agents_email_lower', sql`${table.email} = lower(${table.email})`),
    uniqueIndex('agents_email_digest_unique')
      .on(table.emailDigest)
      .where(sql`${table.emailDigest} IS NOT NULL`),
  ],
);

/** Emailed sign-in codes: a keyed digest of the code, single use, a bounded number of tries. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: generatedUuid('id'),
    audience: text('audience').notNull(),
    /** Keyed digest of the lower-case address (no plaintext address for people never signed in). */
    emailDigest: text('email_digest').notNull(),
    codeDigest: text('code_digest').notNull(),
    /**
     * Keyed digest of the device that asked (its sign-in nonce, else its source address): only
     * that device's tries count against the code, and only its next request replaces it. Null on
     * codes sent before codes were bound to a device.
     */
    deviceDigest: text('device_digest'),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set when used, superseded by a newer code of its device, or burnt by too many wrong tries. */
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    index('otp_challenges_lookup_idx').on(table.audience, table.emailDigest, table.createdAt),
    index('otp_challenges_device_idx').on(
      table.audience,
      table.emailDigest,
      table.deviceDigest,
      table.createdAt,
    ),
    index('otp_challenges_expires_idx').on(table.expiresAt),
  ],
);

/** A begun broker sign-in: the browser's nonce finds where to go once the code is verified. */
export const signInRequests = pgTable(
  'sign_in_requests',
  {
    audience: text('audience').notNull(),
    nonce: text('nonce').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    telemetryTrackingId: uuid('telemetry_tracking_id'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'sign_in_requests_pk', columns: [table.audience, table.nonce] }),
    index('sign_in_requests_expires_idx').on(table.expiresAt),
  ],
);

/**
 * One row per counted attempt (sliding window), shared by every app instance. `bucket` is a keyed
 * digest of rule and subject (an address or an IP), never the subject itself.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    at: timestamptz('at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('rate_limit_hits_bucket_idx').on(table.bucket, table.at),
    index('rate_limit_hits_expires_idx').on(table.expiresAt),
  ],
);
