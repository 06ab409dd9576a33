/**
 * Loan applications, the offers priced on them, their soft credit checks and the disclosures each
 * one needs. Money is integer cents (bigint), rates and LTVs exact numerics, coin quantities
 * numeric(38,18); every state change of an application goes through apply-transition, which also
 * appends to audit_events.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATES, STAGES, type TPaymentScheduleRow } from '@pledge/domain';
import {
  cents,
  coinQuantity,
  createdAt,
  generatedUuid,
  oneOf,
  timestamptz,
  updatedAt,
} from './columns.js';

export const APPLICATION_FLOWS = ['WEB', 'MOBILE'] as const;
export type TApplicationFlow = (typeof APPLICATION_FLOWS)[number];

export const CREDIT_CHECK_OUTCOMES = [
  'APPROVED',
  'NO_MATCH',
  'LOCKED',
  'FROZEN',
  'DECLINED',
  /** International borrowers: no US bureau is asked (see services/credit). */
  'NOT_REQUIRED',
] as const;
export type TCreditCheckOutcome = (typeof CREDIT_CHECK_OUTCOMES)[number];

export const applications = pgTable(
  'applications',
  {
    /** The appUuid of every path. */
    uuid: generatedUuid('uuid'),
    identityUuid: uuid('identity_uuid').notNull(),
    organization: text('organization').notNull(),
    loanOriginatorUuid: uuid('loan_originator_uuid'),
    referralUuid: uuid('referral_uuid'),
    flow: text('flow').$type<TApplicationFlow>().notNull(),
    state: text('state').$type<(typeof APPLICATION_STATES)[number]>().notNull(),
    stage: text('stage').$type<(typeof STAGES)[number]>().notNull(),
    isInternational: boolean('is_international').notNull().default(false),
    isRollForward: boolean('is_roll_forward').notNull().default(false),
    /** The brand's published version (brands.ts) the application was made under; null before brands were versioned. */
    brandVersion: integer('brand_version'),
    isCelsiusRefi: boolean('is_celsius_refi').notNull().default(false),
    /** Residence the offer was priced for: a US state, or a country for international borrowers. */
    stateCode: text('state_code'),
    countryCode: text('country_code'),
    requestedAmountCents: cents('requested_amount_cents'),
    collateralType: text('collateral_type'),
    coinQuantity: coinQuantity('coin_quantity'),
    selectedOfferUuid: uuid('selected_offer_uuid').references((): AnyPgColumn => offers.uuid),
    detailsSubmittedAt: timestamptz('details_submitted_at'),
    /**
     * What the credit decision and the offer rest on (SSN, name, date of birth, residence), frozen
     * with the submitted details: encrypted JSON bound to this application. Every credit pull of
     * the application, a retry included, reads it, never the borrower's profile.
     */
    creditFactsSealed: text('credit_facts_sealed'),
    /** The electronic-records consent and the citizenship attestation of the details form. */
    eSignConsentedAt: timestamptz('e_sign_consented_at'),
    citizenshipAttestedAt: timestamptz('citizenship_attested_at'),
    /** Renewal (isRollForward): the funded loan this application renews. */
    renewsApplicationUuid: uuid('renews_application_uuid').references(
      (): AnyPgColumn => applications.uuid,
    ),
    /** Renewal: the coins the borrower adds to the loan's collateral ("0" for none). */
    topUpCoinQuantity: coinQuantity('top_up_coin_quantity'),
    /** The client's Idempotency-Key of the create call, unique per borrower. */
    idempotencyKey: text('idempotency_key'),
    /** Optimistic locking: every write increments it. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * No offer of the application made before this time is open: a requested offer's write sets
     * it to its offer's time as it replaces the open ones, so that they are found among the offers
     * made since (offers_application_created_idx), however many the application was quoted.
     * Null: look at every offer of the application (releases before 0046 do not set it).
     */
    openOffersSince: timestamptz('open_offers_since'),
  },
  (table) => [
    index('applications_identity_created_idx').on(table.identityUuid, table.createdAt.desc()),
    // No index names updated_at (or any other column a step of the journey writes), so that
    // PostgreSQL updates an application in place (a HOT update, the table keeps room on each
    // page: fillfactor, migration 0021) instead of adding an entry to every index each time.
    // Keyset pages of the agent console, newest first, with and without a state filter.
    index('applications_created_uuid_idx').on(table.createdAt, table.uuid),
    index('applications_state_created_uuid_idx').on(table.state, table.createdAt, table.uuid),
    uniqueIndex('applications_identity_idempotency_key_unique').on(
      table.identityUuid,
      table.idempotencyKey,
    ),
    // A borrower has at most one fresh new-loan application per brand and flow: a double click
    // reuses it instead of creating a second.
    uniqueIndex('applications_open_new_loan_unique')
      .on(table.identityUuid, table.organization, table.flow)
      .where(
        sql`${table.state} = 'CREATED' AND NOT ${table.isRollForward} AND NOT ${table.isCelsiusRefi}`,
      ),
    // A funded loan has at most one renewal that is not cancelled: opening it twice reuses it.
    uniqueIndex('applications_one_renewal_per_loan_unique')
      .on(table.renewsApplicationUuid)
      .where(sql`${table.renewsApplicationUuid} IS NOT NULL AND ${table.state} <> 'CANCELLED'`),
    check(
      'applications_renewal_is_roll_forward',
      sql`${table.renewsApplicationUuid} IS NULL OR ${table.isRollForward}`,
    ),
    check(
      'applications_top_up_nonnegative',
      sql`${table.topUpCoinQuantity} IS NULL OR ${table.topUpCoinQuantity} >= 0`,
    ),
    check('applications_flow_known', oneOf(table.flow, APPLICATION_FLOWS)),
    check('applications_state_known', oneOf(table.state, APPLICATION_STATES)),
    check('applications_stage_known', oneOf(table.stage, STAGES)),
    check(
      'applications_one_residence',
      sql`${table.stateCode} IS NULL OR ${table.countryCode} IS NULL`,
    ),
    check(
      'applications_requested_amount_positive',
      sql`${table.requestedAmountCents} IS NULL OR ${table.requestedAmountCents} > 0`,
    ),
  ],
);

/** The application a row belongs to; the row is deleted with it. */
export const applicationUuidColumn = () =>
  uuid('application_uuid')
    .notNull()
    .references(() => applications.uuid, { onDelete: 'cascade' });

/** The loan a servicing or risk row belongs to; a loan's records are never deleted. */
export const loanUuidColumn = () =>
  uuid('loan_uuid')
    .notNull()
    .references(() => applications.uuid);

/** One priced loan on an application: every term of the domain's TOfferTerms in its own column. */
export const offers = pgTable(
  'offers',
  {
    uuid: generatedUuid('uuid'),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references((): AnyPgColumn => applications.uuid, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    drawAmountCents: cents('draw_amount_cents').notNull(),
    termMonths: integer('term_months').notNull(),
    ltvPct: numeric('ltv_pct', { precision: 7, scale: 2 }).notNull(),
    interestRateBps: integer('interest_rate_bps').notNull(),
    interestRatePct: numeric('interest_rate_pct', { precision: 7, scale: 3 }).notNull(),
    annualPercentageRatePct: numeric('annual_percentage_rate_pct', {
      precision: 7,
      scale: 3,
    }).notNull(),
    originationFeeBps: integer('origination_fee_bps').notNull(),
    originationFeeAmountCents: cents('origination_fee_amount_cents').notNull(),
    estimatedMonthlyPaymentCents: cents('estimated_monthly_payment_cents').notNull(),
    collateralType: text('collateral_type').notNull(),
    collateralUnits: coinQuantity('collateral_units').notNull(),
    minCollateralUnits: coinQuantity('min_collateral_units').notNull(),
    collateralAmountCents: cents('collateral_amount_cents').notNull(),
    warningPriceCents: cents('warning_price_cents').notNull(),
    marginCallPriceCents: cents('margin_call_price_cents').notNull(),
    liquidationPriceCents: cents('liquidation_price_cents').notNull(),
    courtesyNoticeLtvPct: numeric('courtesy_notice_ltv_pct', { precision: 7, scale: 2 }).notNull(),
    tierId: text('tier_id').notNull(),
    financeChargeCents: cents('finance_charge_cents').notNull(),
    totalOfPaymentsCents: cents('total_of_payments_cents').notNull(),
    /**
     * The payments of the term, in order: `[{ number, dueMonth, amountCents }]`, as releases before
     * 0044 stored them. Null on offers made since: the schedule follows from the amount, rate and
     * term (offerPaymentSchedule), so an offer's write and its supersession no longer copy it.
     */
    paymentSchedule: jsonb('payment_schedule').$type<TPaymentScheduleRow[]>(),
    /** Residence the offer was priced for. */
    stateCode: text('state_code'),
    countryCode: text('country_code'),
    /** The price of one coin the offer was computed with, and when the market quoted it. */
    priceCents: cents('price_cents').notNull(),
    priceAsOf: timestamptz('price_as_of').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    /** Set when a newer requested offer replaced this one before it was accepted. */
    supersededAt: timestamptz('superseded_at'),
  },
  (table) => [
    // The open offers of an application, which every new request supersedes, are found here
    // among those made since its `open_offers_since`: no index names `superseded_at` (nor
    // `accepted_at`), so that an offer replaced or accepted is updated in place (a HOT update,
    // the table keeps room on each page: fillfactor, migration 0046).
    index('offers_application_created_idx').on(table.applicationUuid, table.createdAt),
    check('offers_amounts_positive', sql`${table.drawAmountCents} > 0 AND ${table.priceCents} > 0`),
    check('offers_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/** Every soft credit pull of an application (or the record that none was needed). */
export const creditChecks = pgTable(
  'credit_checks',
  {
    id: generatedUuid('id'),
    applicationUuid: applicationUuidColumn(),
    outcome: text('outcome').$type<TCreditCheckOutcome>().notNull(),
    /** Which bureau answered (`sandbox`, the provider's name); null when none was asked. */
    bureau: text('bureau'),
    /** The bureau's own id of the pull, for disputes and adverse-action notices. */
    bureauReference: text('bureau_reference'),
    /**
     * What this decision was made on (SSN, name, date of birth, residence): the application's
     * frozen facts, sealed bound to the application (the context of applications'
     * credit_facts_sealed). Null on a check the release before this column wrote.
     */
    creditFactsSealed: text('credit_facts_sealed'),
    /** Blind index of the SSN of those facts (as profiles'); null when none was pulled. */
    ssnBlindIndex: text('ssn_blind_index'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [
    index('credit_checks_application_idx').on(table.applicationUuid, table.at),
    index('credit_checks_ssn_blind_index_idx')
      .on(table.ssnBlindIndex)
      .where(sql`${table.ssnBlindIndex} IS NOT NULL`),
    check('credit_checks_outcome_known', oneOf(table.outcome, CREDIT_CHECK_OUTCOMES)),
  ],
);

/**
 * The disclosures an application must have signed, decided when its credit check passes; the
 * document service generates a PDF for each kind.
 */
export const applicationRequiredDisclosures = pgTable(
  'application_required_disclosures',
  {
    applicationUuid: applicationUuidColumn(),
    kind: text('kind').notNull(),
    /** Signing order, from 1. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({
      name: 'application_required_disclosures_pk',
      columns: [table.applicationUuid, table.kind],
    }),
  ],
);
