/**
 * Refinancing a defunct lender's loans (document 2): the loan tape (one row per legacy loan,
 * seeded in the sandbox or imported by agents from CSV), the tape files imported, the refinancing
 * facts of each application (its legacy loans, treatment choices, deadline), the treatment of each
 * refinancing offer, and the payoff owed to the old lender's estate once a refinancing completes.
 * Money is integer cents, coin quantities numeric(38,18).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COLLATERAL_REUSE_CONSENTS,
  COLLATERAL_TYPES,
  REFI_COIN_RETURN_STATUSES,
  REFI_CUSTODY_ARRANGEMENTS,
  REFI_ESTATE_PAYOFF_STATUSES,
  REFI_OPTIONS,
  REFI_TAPE_LOAN_STATUSES,
  REFI_TAPE_SOURCES,
  type TCollateralReuseConsent,
  type TCollateralType,
  type TRefiCoinReturnStatus,
  type TRefiCustodyArrangement,
  type TRefiEstatePayoffStatus,
  type TRefiOption,
  type TRefiTapeLoanStatus,
  type TRefiTapeSource,
} from '@pledge/domain';
import { applications, offers, applicationUuidColumn } from './applications.js';
import {
  cents,
  coinQuantity,
  createdAt,
  generatedUuid,
  oneOf,
  timestamptz,
  updatedAt,
} from './columns.js';

/** One legacy loan of the tape. */
export const refiTapeLoans = pgTable(
  'refi_tape_loans',
  {
    loanId: text('loan_id').primaryKey(),
    source: text('source').$type<TRefiTapeSource>().notNull(),
    /**
     * Lower-case, in clear: still written for the previous release during a rolling deploy, read by
     * this one only for a row that release wrote until the boot step seals it; dropped next release.
     */
    borrowerEmail: text('borrower_email').notNull(),
    /** The address sealed with the field cipher (context `refi_tape_loans.borrower_email:<loan id>`). */
    borrowerEmailSealed: text('borrower_email_sealed'),
    /**
     * Keyed digest of the address's mailbox (mailboxKey): how the loan is matched to the borrower
     * whose verified sign-in address reaches the same mailbox, and found by address in the console.
     */
    borrowerMailboxDigest: text('borrower_mailbox_digest'),
    /** Set by an agent: this borrower owns the loan, whatever the e-mail says. */
    matchedIdentityUuid: uuid('matched_identity_uuid'),
    collateralType: text('collateral_type').$type<TCollateralType>().notNull(),
    collateralQuantity: coinQuantity('collateral_quantity').notNull(),
    principalCents: cents('principal_cents').notNull(),
    /** `US-XX` or a two-letter country code. */
    jurisdiction: text('jurisdiction').notNull(),
    passportOnFile: boolean('passport_on_file').notNull(),
    custodyArrangement: text('custody_arrangement').$type<TRefiCustodyArrangement>().notNull(),
    status: text('status').$type<TRefiTapeLoanStatus>().notNull().default('OPEN'),
    /** SHA-256 of the tape file that last wrote the row (null for sandbox rows). */
    importSha256: text('import_sha256'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('refi_tape_loans_email_idx').on(table.borrowerEmail),
    index('refi_tape_loans_mailbox_digest_idx').on(table.borrowerMailboxDigest),
    // The boot step's walk over rows the previous release wrote: none once they are sealed.
    index('refi_tape_loans_unsealed_idx')
      .on(table.loanId)
      .where(sql`${table.borrowerEmailSealed} IS NULL`),
    check(
      'refi_tape_loans_email_sealed_with_digest',
      sql`(${table.borrowerEmailSealed} IS NULL) = (${table.borrowerMailboxDigest} IS NULL)`,
    ),
    index('refi_tape_loans_matched_identity_idx').on(table.matchedIdentityUuid),
    index('refi_tape_loans_status_loan_idx').on(table.status, table.loanId),
    check('refi_tape_loans_source_known', oneOf(table.source, REFI_TAPE_SOURCES)),
    check('refi_tape_loans_status_known', oneOf(table.status, REFI_TAPE_LOAN_STATUSES)),
    check('refi_tape_loans_type_known', oneOf(table.collateralType, COLLATERAL_TYPES)),
    check(
      'refi_tape_loans_custody_known',
      oneOf(table.custodyArrangement, REFI_CUSTODY_ARRANGEMENTS),
    ),
    check(
      'refi_tape_loans_email_lower',
      sql`${table.borrowerEmail} = lower(${table.borrowerEmail})`,
    ),
    check('refi_tape_loans_principal_positive', sql`${table.principalCents} > 0`),
    check('refi_tape_loans_quantity_positive', sql`${table.collateralQuantity} > 0`),
  ],
);

/** A tape file applied: its hash makes a second import of the same file change nothing. */
export const refiTapeImports = pgTable('refi_tape_imports', {
  fileSha256: text('file_sha256').primaryKey(),
  importedBy: uuid('imported_by').notNull(),
  importedByEmail: text('imported_by_email').notNull(),
  rowCount: integer('row_count').notNull(),
  inserted: integer('inserted').notNull(),
  updated: integer('updated').notNull(),
  unchanged: integer('unchanged').notNull(),
  locked: integer('locked').notNull(),
  importedAt: timestamptz('imported_at').notNull(),
});

/** The refinancing facts of an isCelsiusRefi application. */
export const refiApplications = pgTable(
  'refi_applications',
  {
    applicationUuid: uuid('application_uuid')
      .primaryKey()
      .references(() => applications.uuid, { onDelete: 'cascade' }),
    identityUuid: uuid('identity_uuid').notNull(),
    collateralType: text('collateral_type').$type<TCollateralType>().notNull(),
    /** The legacy loans' collateral and principal, summed over the combined loans. */
    legacyCollateralQuantity: coinQuantity('legacy_collateral_quantity').notNull(),
    principalCents: cents('principal_cents').notNull(),
    jurisdiction: text('jurisdiction').notNull(),
    /** Null until the borrower chose. */
    stabilizationOptIn: boolean('stabilization_opt_in'),
    /** The refinancing details submitted (the confirmation): the 14 days count from here. */
    submittedAt: timestamptz('submitted_at'),
    completeBy: timestamptz('complete_by'),
    /** The top-up fixed at submission ("0" for none). */
    topUpCoinQuantity: coinQuantity('top_up_coin_quantity'),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('refi_applications_identity_idx').on(table.identityUuid, table.createdAt),
    index('refi_applications_complete_by_idx').on(table.completeBy),
  ],
);

/** Which legacy loans an application refinances. */
export const refiApplicationLoans = pgTable(
  'refi_application_loans',
  {
    applicationUuid: applicationUuidColumn(),
    loanId: text('loan_id')
      .notNull()
      .references(() => refiTapeLoans.loanId),
    identityUuid: uuid('identity_uuid').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'refi_application_loans_pk',
      columns: [table.applicationUuid, table.loanId],
    }),
    index('refi_application_loans_loan_identity_idx').on(table.loanId, table.identityUuid),
  ],
);

/** The treatment of a refinancing offer and the top-up it takes. */
export const refiOffers = pgTable(
  'refi_offers',
  {
    offerUuid: uuid('offer_uuid')
      .primaryKey()
      .references(() => offers.uuid, { onDelete: 'cascade' }),
    applicationUuid: applicationUuidColumn(),
    treatment: text('treatment').$type<TRefiOption>().notNull(),
    topUpRequired: boolean('top_up_required').notNull(),
    topUpCoinQuantity: coinQuantity('top_up_coin_quantity').notNull(),
    currentLtvPct: numeric('current_ltv_pct', { precision: 9, scale: 2 }).notNull(),
    postTopUpLtvPct: numeric('post_top_up_ltv_pct', { precision: 9, scale: 2 }),
    collateralReuseConsent: text('collateral_reuse_consent')
      .$type<TCollateralReuseConsent>()
      .notNull(),
  },
  (table) => [
    index('refi_offers_application_idx').on(table.applicationUuid),
    check('refi_offers_treatment_known', oneOf(table.treatment, REFI_OPTIONS)),
    check(
      'refi_offers_reuse_consent_known',
      oneOf(table.collateralReuseConsent, COLLATERAL_REUSE_CONSENTS),
    ),
  ],
);

/** The legacy principal owed to the old lender's estate for a completed refinancing. */
export const refiEstatePayoffs = pgTable(
  'refi_estate_payoffs',
  {
    uuid: generatedUuid('uuid'),
    applicationUuid: applicationUuidColumn(),
    loanIds: text('loan_ids').array().notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status').$type<TRefiEstatePayoffStatus>().notNull().default('OWED'),
    createdAt: timestamptz('created_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    confirmedBy: uuid('confirmed_by'),
    confirmedByEmail: text('confirmed_by_email'),
    reference: text('reference'),
    note: text('note'),
  },
  (table) => [
    uniqueIndex('refi_estate_payoffs_application_unique').on(table.applicationUuid),
    index('refi_estate_payoffs_created_idx').on(table.createdAt, table.uuid),
    check('refi_estate_payoffs_status_known', oneOf(table.status, REFI_ESTATE_PAYOFF_STATUSES)),
    check('refi_estate_payoffs_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'refi_estate_payoffs_confirmed_complete',
      sql`(${table.status} = 'CONFIRMED') = (${table.confirmedAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * The coins an ended refinancing received on its top-up address, and where they go: back to the
 * address the borrower gives (two agents record the withdrawal), or on to the borrower's new
 * refinancing of the same loan (its deposits and address move there). One row per application,
 * from the first coin seen on an ended refinancing.
 */
export const refiCoinReturns = pgTable(
  'refi_coin_returns',
  {
    applicationUuid: uuid('application_uuid')
      .primaryKey()
      .references(() => applications.uuid, { onDelete: 'cascade' }),
    identityUuid: uuid('identity_uuid').notNull(),
    collateralType: text('collateral_type').$type<TCollateralType>().notNull(),
    status: text('status').$type<TRefiCoinReturnStatus>().notNull().default('AWAITING_ADDRESS'),
    returnAddress: text('return_address'),
    requestedAt: timestamptz('requested_at'),
    /** The confirmed coins sent back, and the withdrawal's transaction. */
    returnedQuantity: coinQuantity('returned_quantity'),
    transactionHash: text('transaction_hash'),
    returnedAt: timestamptz('returned_at'),
    returnedByEmail: text('returned_by_email'),
    carriedToApplicationUuid: uuid('carried_to_application_uuid').references(
      () => applications.uuid,
    ),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('refi_coin_returns_created_idx').on(table.createdAt, table.applicationUuid),
    index('refi_coin_returns_status_created_idx').on(
      table.status,
      table.createdAt,
      table.applicationUuid,
    ),
    check('refi_coin_returns_status_known', oneOf(table.status, REFI_COIN_RETURN_STATUSES)),
    check(
      'refi_coin_returns_requested_address',
      sql`(${table.status} IN ('REQUESTED', 'RETURNED')) = (${table.returnAddress} IS NOT NULL)`,
    ),
    check(
      'refi_coin_returns_returned_complete',
      sql`(${table.status} = 'RETURNED') = (${table.returnedAt} IS NOT NULL AND ${table.transactionHash} IS NOT NULL)`,
    ),
    check(
      'refi_coin_returns_carried_to',
      sql`(${table.status} = 'CARRIED_OVER') = (${table.carriedToApplicationUuid} IS NOT NULL)`,
    ),
  ],
);
