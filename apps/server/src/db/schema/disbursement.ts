/**
 * Where a loan is paid out: linked bank items (the bank-link provider's access tokens, sealed), the
 * one disbursement destination of each application (account numbers sealed, with a blind index and
 * a mask), the widget exits recorded for support, and the USDC test transfer of international loans.
 */

import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TBankLinkAccount, TDisbursementMethod } from '@pledge/contract';
import type { TBankAccountType, TBankLinkStatus, TUsdcChain } from '@pledge/domain';
import { applications, applicationUuidColumn } from './applications.js';
import { createdAt, generatedUuid, timestamptz, updatedAt } from './columns.js';

/** A linked account as last reported by the provider; the mask is all that is kept of its number. */
export type TStoredBankAccount = TBankLinkAccount;

/** One institution a borrower linked through the bank-link widget. */
export const bankLinkItems = pgTable(
  'bank_link_items',
  {
    id: generatedUuid('id'),
    identityUuid: uuid('identity_uuid').notNull(),
    applicationUuid: applicationUuidColumn(),
    /** The provider's item id. */
    providerItemId: text('provider_item_id').notNull(),
    /** The provider's access token, sealed (context `bank_link_items.access_token:<identity>`). */
    accessTokenSealed: text('access_token_sealed').notNull(),
    institutionId: text('institution_id').notNull(),
    institutionName: text('institution_name').notNull(),
    status: text('status').$type<TBankLinkStatus>().notNull(),
    accounts: jsonb('accounts').$type<TStoredBankAccount[]>().notNull(),
    linkSessionId: text('link_session_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Exchanging the same public token twice links one item.
    uniqueIndex('bank_link_items_identity_item_unique').on(
      table.identityUuid,
      table.providerItemId,
    ),
    index('bank_link_items_application_idx').on(table.applicationUuid, table.createdAt),
  ],
);

/** Why a borrower left the bank-link widget, kept for support. */
export const bankLinkErrors = pgTable(
  'bank_link_errors',
  {
    id: generatedUuid('id'),
    identityUuid: uuid('identity_uuid').notNull(),
    applicationUuid: uuid('application_uuid').references(() => applications.uuid, {
      onDelete: 'cascade',
    }),
    errorType: text('error_type'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    displayMessage: text('display_message'),
    institutionId: text('institution_id'),
    institutionName: text('institution_name'),
    exitStatus: text('exit_status'),
    linkSessionId: text('link_session_id'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (table) => [index('bank_link_errors_identity_idx').on(table.identityUuid, table.createdAt)],
);

/** The payout destination of an application: at most one, replaced when the borrower changes it. */
export const disbursementAccounts = pgTable('disbursement_accounts', {
  applicationUuid: uuid('application_uuid')
    .primaryKey()
    .references(() => applications.uuid, { onDelete: 'cascade' }),
  method: text('method').$type<TDisbursementMethod>().notNull(),
  accountType: text('account_type').$type<TBankAccountType>(),
  routingNumber: text('routing_number'),
  /** Sealed (context `disbursement_accounts.account_number:<app>`). */
  accountNumberSealed: text('account_number_sealed'),
  /** Keyed digest of the account number (finds one account used on several loans). */
  accountNumberBlindIndex: text('account_number_blind_index'),
  accountNumberMask: text('account_number_mask'),
  /** "First Last", sealed (context `disbursement_accounts.holder_name:<app>`). */
  accountHolderNameSealed: text('account_holder_name_sealed'),
  bankLinkItemId: uuid('bank_link_item_id').references(() => bankLinkItems.id),
  linkedAccountId: text('linked_account_id'),
  walletAddress: text('wallet_address'),
  chain: text('chain').$type<TUsdcChain>(),
  /** Keyed digest of what was submitted: the same submission again changes nothing. */
  submissionDigest: text('submission_digest').notNull(),
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The small USDC transfer an international borrower confirms before the loan is released. */
export const usdcTestTransfers = pgTable('usdc_test_transfers', {
  applicationUuid: uuid('application_uuid')
    .primaryKey()
    .references(() => applications.uuid, { onDelete: 'cascade' }),
  walletAddress: text('wallet_address').notNull(),
  chain: text('chain').$type<TUsdcChain>(),
  /** USDC, as an exact decimal string. */
  amountUsdc: text('amount_usdc').notNull(),
  sentAt: timestamptz('sent_at').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
});
