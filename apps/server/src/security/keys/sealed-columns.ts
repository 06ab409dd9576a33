/**
 * Every column that holds a value sealed with the field cipher, with how its context (the
 * additional authenticated data) is formed from its row. Re-encryption after a key rotation walks
 * this list; a test fails when a `*_sealed` column exists in the schema without an entry here.
 */
import { accessTokenContext } from '../../services/bank-link/bank-link-record.js';
import {
  accountNumberContext,
  holderNameContext,
} from '../../services/disbursement/disbursement-record.js';
import { outboxRecipientContext } from '../../services/email/outbox-recipient.js';
import { identityEmailContext } from '../../services/identity/identity-email.js';
import { totpSecretContext } from '../../services/identity/totp-secret.js';
import {
  endpointSecretContext,
  revealSealContext,
} from '../../services/partner/webhook-endpoint-record.js';
import { profileDetailsContext, profileSsnContext } from '../../services/profile/sealed-profile.js';
import { tapeEmailContext } from '../../services/refi/tape-email.js';
import { waitlistEmailContext } from '../../services/waitlist/waitlist-record.js';

export interface TSealedColumn {
  table: string;
  /** The primary key column (one column: every sealed table has one). */
  keyColumn: string;
  column: string;
  /** Columns of the row the context is made of. */
  contextColumns: readonly string[];
  context(row: Record<string, string>): string;
}

const col = (row: Record<string, string>, name: string): string => {
  const value = row[name];
  if (value === undefined) throw new Error(`Missing context column ${name}`);
  return value;
};

export const SEALED_COLUMNS: readonly TSealedColumn[] = [
  {
    table: 'profiles',
    keyColumn: 'identity_uuid',
    column: 'details_sealed',
    contextColumns: ['identity_uuid'],
    context: (row) => profileDetailsContext(col(row, 'identity_uuid')),
  },
  {
    table: 'profiles',
    keyColumn: 'identity_uuid',
    column: 'ssn_sealed',
    contextColumns: ['identity_uuid'],
    context: (row) => profileSsnContext(col(row, 'identity_uuid')),
  },
  {
    table: 'identities',
    keyColumn: 'uuid',
    column: 'totp_secret_sealed',
    contextColumns: ['uuid'],
    context: (row) => totpSecretContext(col(row, 'uuid')),
  },
  {
    table: 'identities',
    keyColumn: 'uuid',
    column: 'email_sealed',
    contextColumns: ['uuid'],
    context: (row) => identityEmailContext(col(row, 'uuid')),
  },
  {
    table: 'applications',
    keyColumn: 'uuid',
    column: 'credit_facts_sealed',
    contextColumns: ['uuid'],
    // services/profile/frozen-credit-facts.ts
    context: (row) => `application.credit-facts:${col(row, 'uuid')}`,
  },
  {
    table: 'credit_checks',
    keyColumn: 'id',
    column: 'credit_facts_sealed',
    contextColumns: ['application_uuid'],
    // The application's facts, sealed as applications.credit_facts_sealed is.
    context: (row) => `application.credit-facts:${col(row, 'application_uuid')}`,
  },
  {
    table: 'bank_link_items',
    keyColumn: 'id',
    column: 'access_token_sealed',
    contextColumns: ['identity_uuid'],
    context: (row) => accessTokenContext(col(row, 'identity_uuid')),
  },
  {
    table: 'disbursement_accounts',
    keyColumn: 'application_uuid',
    column: 'account_number_sealed',
    contextColumns: ['application_uuid'],
    context: (row) => accountNumberContext(col(row, 'application_uuid')),
  },
  {
    table: 'disbursement_accounts',
    keyColumn: 'application_uuid',
    column: 'account_holder_name_sealed',
    contextColumns: ['application_uuid'],
    context: (row) => holderNameContext(col(row, 'application_uuid')),
  },
  {
    table: 'waitlist',
    keyColumn: 'id',
    column: 'email_sealed',
    contextColumns: ['state_code'],
    context: (row) => waitlistEmailContext(col(row, 'state_code')),
  },
  {
    table: 'refi_tape_loans',
    keyColumn: 'loan_id',
    column: 'borrower_email_sealed',
    contextColumns: ['loan_id'],
    context: (row) => tapeEmailContext(col(row, 'loan_id')),
  },
  {
    table: 'outbox',
    keyColumn: 'id',
    column: 'to_address_sealed',
    contextColumns: ['id'],
    context: (row) => outboxRecipientContext(col(row, 'id')),
  },
  {
    table: 'email_change_undos',
    keyColumn: 'token_digest',
    column: 'old_email_sealed',
    contextColumns: ['token_digest'],
    // services/identity/undo-email-change.ts
    context: (row) => `email_change_undos.old_email:${col(row, 'token_digest')}`,
  },
  {
    table: 'partner_webhook_endpoints',
    keyColumn: 'id',
    column: 'secret_sealed',
    contextColumns: ['id'],
    context: (row) => endpointSecretContext(col(row, 'id')),
  },
  {
    // Null once its proposer has read it.
    table: 'partner_secret_reveals',
    keyColumn: 'proposal_id',
    column: 'secret_sealed',
    contextColumns: ['proposal_id'],
    context: (row) => revealSealContext(col(row, 'proposal_id')),
  },
];

/** Sealed columns of the key check itself (security/keys/key-check.ts), resealed with the rest. */
export const KEY_CHECK_COLUMNS = ['check_sealed', 'index_key_sealed'] as const;
