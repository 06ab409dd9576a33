/**
 * Changes of the sign-in address, made by proof: a pending change waits for the code sent to the
 * new address (kept only as keyed digests, like sign-in codes), and each confirmed change leaves
 * the old address a single-use way to undo it.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { identityUuidColumn } from './identity.js';
import { generatedUuid, timestamptz } from './columns.js';

/** A code e-mailed for one use: its keyed digest, the wrong tries, its lifetime and its end. */
const oneTimeCodeColumns = () => ({
  codeDigest: text('code_digest').notNull(),
  wrongAttempts: integer('wrong_attempts').notNull().default(0),
  createdAt: timestamptz('created_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  /**
   * Set when the code is used (a change confirmed), superseded by a newer one, refused, or burnt by
   * wrong tries.
   */
  closedAt: timestamptz('closed_at'),
});

export const emailChanges = pgTable(
  'email_changes',
  {
    id: generatedUuid('id'),
    identityUuid: identityUuidColumn(),
    /** Keyed digest of the lower-case new address; the confirmation names the address again. */
    newEmailDigest: text('new_email_digest').notNull(),
    ...oneTimeCodeColumns(),
  },
  (table) => [
    index('email_changes_identity_idx').on(table.identityUuid, table.createdAt),
    index('email_changes_expires_idx').on(table.expiresAt),
  ],
);

export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    /** Keyed digest of the token e-mailed to the old address (the token itself is never stored). */
    tokenDigest: text('token_digest').primaryKey(),
    identityUuid: identityUuidColumn(),
    /** The address to restore, sealed with the field cipher (context `email_change_undos:<digest>`). */
    oldEmailSealed: text('old_email_sealed').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set when used, or voided by another undo of the same identity. */
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    index('email_change_undos_identity_idx').on(table.identityUuid),
    index('email_change_undos_expires_idx').on(table.expiresAt),
    check('email_change_undos_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/**
 * Codes e-mailed to the CURRENT sign-in address to prove, before the address changes, that the
 * caller still controls it (for accounts with neither password nor authenticator). Kept only as
 * keyed digests, single use, a bounded number of tries.
 */
export const stepUpCodes = pgTable(
  'step_up_codes',
  {
    id: generatedUuid('id'),
    identityUuid: identityUuidColumn(),
    ...oneTimeCodeColumns(),
  },
  (table) => [
    index('step_up_codes_identity_idx').on(table.identityUuid, table.createdAt),
    index('step_up_codes_expires_idx').on(table.expiresAt),
  ],
);
