/**
 * Servicing of funded loans (DESIGN §5): one servicing row per loan (its interest period, autopay,
 * status), the append-only double-entry ledger, payments (ACH debits and wires, each made once per
 * idempotency key), monthly statements, deferrals, payoff quotes and the maturity notices sent.
 * A loan is identified by its application (loan_uuid = applications.uuid). Money is integer cents.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TLedgerAccount,
  TLedgerJournalKind,
  TLoanStatusName,
  TPaymentMethod,
  TPaymentPurpose,
  TPaymentStatus,
  TRiskLevel,
} from '@pledge/domain';
import { applications, loanUuidColumn } from './applications.js';
import { cents, coinQuantity, createdAt, timestamptz, updatedAt } from './columns.js';

const day = (name: string) => date(name, { mode: 'string' });

/**
 * The servicing state of a loan. The current interest period runs from period_start to period_end
 * (the next cycle date); interest is accrued daily (30/360) on the day's interest-bearing balance
 * (the running segment below); period_base_cents is the balance at the period's start and
 * period_accrued_cents the period's interest in the ledger so far.
 */
export const servicingLoans = pgTable(
  'servicing_loans',
  {
    loanUuid: uuid('loan_uuid')
      .primaryKey()
      .references(() => applications.uuid),
    identityUuid: uuid('identity_uuid').notNull(),
    status: text('status').$type<TLoanStatusName>().notNull(),
    interestRateBps: integer('interest_rate_bps').notNull(),
    termMonths: integer('term_months').notNull(),
    fundedOn: day('funded_on').notNull(),
    maturityDate: day('maturity_date').notNull(),
    /** 1..term: the month whose interest is accruing. */
    periodNumber: integer('period_number').notNull(),
    periodStart: day('period_start').notNull(),
    periodEnd: day('period_end').notNull(),
    periodBaseCents: cents('period_base_cents').notNull(),
    periodAccruedCents: cents('period_accrued_cents').notNull().default(0),
    /**
     * What the last accrual of this loan added to period_accrued_cents (its journal's amount): the
     * accrual's update answers it, so the journal is written without reading the row again.
     */
    lastAccrualCents: cents('last_accrual_cents').notNull().default(0),
    /**
     * The running segment of the period (issue 33): interest accrues daily on the day's
     * interest-bearing balance, so the period is cut into segments at every change of that
     * balance. segment_start is the day the balance last changed (or the period's start),
     * segment_base_cents the balance from that day on, segment_accrued_cents the period's interest
     * before that day (each closed segment rounded half-up to the cent, then summed). The ledger's
     * trigger closes the segment in the transaction of every entry to PRINCIPAL, ORIGINATION_FEE or
     * DEFERRED_INTEREST. The segment belongs to period segment_period_number: when that is not the
     * running period (null for a row written before the segment existed, or a period rolled over by
     * a release that did not know it) the segment is the period's own: (period_start,
     * period_base_cents, 0), the opening-balance accrual of before.
     */
    segmentPeriodNumber: integer('segment_period_number'),
    segmentStart: day('segment_start'),
    segmentBaseCents: cents('segment_base_cents'),
    segmentAccruedCents: cents('segment_accrued_cents'),
    /** Interest is in the ledger through this day. */
    accruedThrough: day('accrued_through').notNull(),
    autopayEnabled: boolean('autopay_enabled').notNull().default(false),
    /** The coin pledged (BTC or ETH) and how much of it is held now: deposits add, liquidations sell. */
    collateralType: text('collateral_type').$type<'BTC' | 'ETH'>(),
    collateralUnits: coinQuantity('collateral_units'),
    /**
     * Principal + capitalised fee + deferred interest (what interest and the LTV run on), kept equal
     * to the sum of its ledger entries by a trigger on ledger_entries.
     */
    interestBearingCents: cents('interest_bearing_cents').notNull().default(0),
    /**
     * The payments that count as paid in (settled, or pending with the bank's transfer): the sum
     * the ledger's cash is held to, kept equal to its payments by a trigger on servicing_payments.
     */
    countedPaymentsCents: cents('counted_payments_cents').notNull().default(0),
    /** Collateral risk (the monitoring pass): level now, highest level notified, since when. */
    riskLevel: text('risk_level').$type<TRiskLevel>().notNull().default('NONE'),
    riskNotifiedLevel: text('risk_notified_level').$type<TRiskLevel>().notNull().default('NONE'),
    riskLevelSince: timestamptz('risk_level_since'),
    riskLtvPct: numeric('risk_ltv_pct', { precision: 12, scale: 2 }),
    riskPriceObservationId: bigint('risk_price_observation_id', { mode: 'number' }),
    riskCheckedAt: timestamptz('risk_checked_at'),
    /** An open margin call's cure deadline (48 h on the deployment clock). */
    cureDeadline: timestamptz('cure_deadline'),
    /** A custody-only refinanced loan that opted into stabilization liquidates at 85 %. */
    stabilization: boolean('stabilization').notNull().default(false),
    /** The rate tier the loan was priced in (its warning, margin-call and liquidation levels). */
    riskTierId: text('risk_tier_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The sweeps find their loans through these without reading the rest: the accrual the loans
    // whose period has days left to accrue, in its batch order; the statement cycle the loans
    // accrued through their cycle date.
    index('servicing_loans_accrual_due_idx')
      .on(table.accruedThrough, table.loanUuid)
      .where(sql`status IN ('ACTIVE', 'MARGIN_CALL', 'MATURED') AND accrued_through < period_end`),
    index('servicing_loans_closed_period_idx')
      .on(table.periodEnd, table.loanUuid)
      .where(sql`status IN ('ACTIVE', 'MARGIN_CALL', 'MATURED') AND accrued_through >= period_end`),
    index('servicing_loans_maturity_idx')
      .on(table.maturityDate)
      .where(sql`status IN ('ACTIVE', 'MARGIN_CALL')`),
    index('servicing_loans_identity_idx').on(table.identityUuid),
    index('servicing_loans_status_idx').on(table.status, table.createdAt, table.loanUuid),
    // The risk pass reads every open loan of one coin.
    index('servicing_loans_risk_idx')
      .on(table.collateralType)
      .where(sql`status IN ('ACTIVE', 'MARGIN_CALL')`),
    // The risk queue: margin calls by cure deadline, warnings by LTV (highest first).
    index('servicing_loans_margin_call_queue_idx')
      .on(table.cureDeadline, table.loanUuid)
      .where(sql`status = 'MARGIN_CALL'`),
    index('servicing_loans_warning_queue_idx')
      .on(table.riskLtvPct.desc().nullsLast(), table.loanUuid)
      .where(sql`status = 'ACTIVE' AND risk_level IN ('WARNING', 'COURTESY_NOTICE')`),
  ],
);

/** One leg of a journal: debits positive, credits negative. Never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalUuid: uuid('journal_uuid').notNull(),
    loanUuid: loanUuidColumn(),
    kind: text('kind').$type<TLedgerJournalKind>().notNull(),
    account: text('account').$type<TLedgerAccount>().notNull(),
    amountCents: cents('amount_cents').notNull(),
    effectiveOn: day('effective_on').notNull(),
    reversesJournalUuid: uuid('reverses_journal_uuid'),
    paymentUuid: uuid('payment_uuid'),
    /** The interest period (accruals, deferrals) it belongs to. */
    periodNumber: integer('period_number'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_loan_idx').on(table.loanUuid, table.account),
    index('ledger_entries_journal_idx').on(table.journalUuid),
    // A journal is reversed at most once.
    uniqueIndex('ledger_entries_reversal_unique')
      .on(table.reversesJournalUuid, table.account)
      .where(sql`reverses_journal_uuid IS NOT NULL`),
    check('ledger_entries_nonzero', sql`amount_cents <> 0`),
  ],
);

/**
 * A loan's balance per ledger account: the sum of its entries, kept by a trigger on ledger_entries
 * (migration 0022) in the statement that appends them, so that reading a balance costs one row
 * however long the loan's history. `paidInCents` is the part that is not a surplus paid back out
 * (for CASH: what the borrower paid in). The reconciliation report and the model-based test check
 * every row against its entries.
 */
export const ledgerAccountBalances = pgTable(
  'ledger_account_balances',
  {
    loanUuid: uuid('loan_uuid').notNull(),
    account: text('account').$type<TLedgerAccount>().notNull(),
    cents: cents('cents').notNull(),
    paidInCents: cents('paid_in_cents').notNull(),
  },
  (table) => [primaryKey({ columns: [table.loanUuid, table.account] })],
);

/** A payment: an ACH debit of the linked account, an autopay debit or a wire an agent recorded. */
export const servicingPayments = pgTable(
  'servicing_payments',
  {
    uuid: uuid('uuid').primaryKey(),
    loanUuid: loanUuidColumn(),
    method: text('method').$type<TPaymentMethod>().notNull(),
    purpose: text('purpose').$type<TPaymentPurpose>().notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status').$type<TPaymentStatus>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The bank-payments provider's transfer id (ACH) or the wire reference. */
    reference: text('reference'),
    transferId: text('transfer_id'),
    receivedOn: day('received_on'),
    quoteUuid: uuid('quote_uuid'),
    failureReason: text('failure_reason'),
    actor: text('actor').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    settledAt: timestamptz('settled_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Also the index of a loan's payments (loan_uuid leads): a few hundred at most (one a
    // month), sorted in memory when listed.
    uniqueIndex('servicing_payments_idempotency_unique').on(table.loanUuid, table.idempotencyKey),
    index('servicing_payments_pending_idx')
      .on(table.createdAt)
      .where(sql`status = 'PENDING'`),
    // A change of one pending payment (`uuid = $1 AND status = 'PENDING'`) may be planned on a
    // partial index of pending payments; this one finds it by its uuid, where the one above (by
    // age, for the settlement sweep) would step over every pending payment.
    index('servicing_payments_pending_uuid_idx')
      .on(table.uuid)
      .where(sql`status = 'PENDING'`),
    // The loan's pending payments, among them those in flight (written, not yet sent to the bank
    // or posted), which a new payment is checked against: few, whatever the loan's history (a
    // pending payment settles within days). Its predicate names no column the debit's posting
    // sets (transfer_id), so that update changes no index and stays on its page (HOT).
    index('servicing_payments_pending_loan_idx')
      .on(table.loanUuid)
      .where(sql`status = 'PENDING'`),
    check('servicing_payments_positive', sql`amount_cents > 0`),
  ],
);

/** A monthly statement, one per loan and cycle; its PDF is kept in storage. */
export const servicingStatements = pgTable(
  'servicing_statements',
  {
    uuid: uuid('uuid').primaryKey(),
    loanUuid: loanUuidColumn(),
    periodNumber: integer('period_number').notNull(),
    cycleDate: day('cycle_date').notNull(),
    dueDate: day('due_date').notNull(),
    /** Everything asked by the due date: this month's instalment and what is past due. */
    amountDueCents: cents('amount_due_cents').notNull(),
    /**
     * The part of the amount due that was due before this statement (issue 33: arrears keep their
     * own dates, never the new due date); 0 on statements written before it was kept.
     */
    pastDueCents: cents('past_due_cents').notNull().default(0),
    /** The due date of the oldest of it; null when nothing was past due. */
    pastDueSince: day('past_due_since'),
    balanceCents: cents('balance_cents').notNull(),
    accruedInterestCents: cents('accrued_interest_cents').notNull(),
    /** Percent with 2 decimals, as text; null when no price was known. */
    ltvPct: text('ltv_pct'),
    /** Storage key of the PDF; null until it is rendered. */
    pdfKey: text('pdf_key'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('servicing_statements_cycle_unique').on(table.loanUuid, table.periodNumber),
    /** The past-due notices find the statements whose due date a notice day falls after. */
    index('servicing_statements_due_idx').on(table.dueDate),
    index('servicing_statements_pdf_idx')
      .on(table.createdAt)
      .where(sql`pdf_key IS NULL`),
  ],
);

/** A deferral of a month's interest, once per period and per idempotency key. */
export const servicingDeferrals = pgTable(
  'servicing_deferrals',
  {
    uuid: uuid('uuid').primaryKey(),
    loanUuid: loanUuidColumn(),
    periodNumber: integer('period_number').notNull(),
    interestCents: cents('interest_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    journalUuid: uuid('journal_uuid').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('servicing_deferrals_period_unique').on(table.loanUuid, table.periodNumber),
    uniqueIndex('servicing_deferrals_idempotency_unique').on(table.loanUuid, table.idempotencyKey),
  ],
);

/** A payoff quote: what paying off on payoff_date costs, valid until valid_until. */
export const payoffQuotes = pgTable(
  'payoff_quotes',
  {
    uuid: uuid('uuid').primaryKey(),
    loanUuid: loanUuidColumn(),
    amountCents: cents('amount_cents').notNull(),
    principalCents: cents('principal_cents').notNull(),
    originationFeeCents: cents('origination_fee_cents').notNull(),
    deferredInterestCents: cents('deferred_interest_cents').notNull(),
    accruedInterestCents: cents('accrued_interest_cents').notNull(),
    feesCents: cents('fees_cents').notNull(),
    payoffDate: day('payoff_date').notNull(),
    validUntil: timestamptz('valid_until').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('payoff_quotes_loan_idx').on(table.loanUuid, table.createdAt)],
);

/**
 * How far a set-based step of the servicing sweep has gone, by the deployment's day: the past-due
 * notices look only at the due dates whose notice days passed since their last run (however far
 * the clock moved), so each run reads a day's worth of statements, not the whole book.
 */
export const servicingSweepMarks = pgTable('servicing_sweep_marks', {
  step: text('step').primaryKey(),
  throughDay: day('through_day').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Maturity reminders (and other one-time notices) sent, at most once each. */
export const servicingNotices = pgTable(
  'servicing_notices',
  {
    loanUuid: loanUuidColumn(),
    kind: text('kind').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (table) => [uniqueIndex('servicing_notices_unique').on(table.loanUuid, table.kind)],
);
