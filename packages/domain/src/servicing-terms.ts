/**
 * Servicing of a funded loan (document 1 §1, §9; DESIGN §5): the names and numbers the ledger,
 * the statements, the payments, the deferral, the payoff quote and the maturity rules share.
 */

/**
 * How a payment reached us: a debit of the linked account (one-off or autopay), a wire an agent
 * recorded, or a payoff agents recorded from evidence (the maker–checker payoff).
 */
export const PAYMENT_METHODS = ['ACH', 'AUTOPAY', 'WIRE', 'RECORDED'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a payment is for: an instalment (or any amount) or the payoff of a quote. */
export const PAYMENT_PURPOSES = ['PAYMENT', 'PAYOFF'] as const;
export type TPaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * PENDING: an ACH debit sent, not yet settled (it counts toward the balance while pending and is
 * reversed if returned); SETTLED: money received; RETURNED: the bank returned the debit (reversed in
 * the ledger); REVERSED: an agent reversed a recorded payment (a wire recorded in error).
 */
export const PAYMENT_STATUSES = ['PENDING', 'SETTLED', 'RETURNED', 'REVERSED'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The state of one row of the 12-month schedule (what-is-due.ts): paid, deferred (its interest
 * capitalised), due (billed, its date to come), partly paid (billed, part of it paid, its date to
 * come), past due (its date passed with some of it unpaid), upcoming (not billed yet); and on a
 * loan its renewal replaced, renewed (what it still owed was carried into the renewal:
 * renewedLoanInstalments).
 */
export const SCHEDULE_ROW_STATUSES = [
  'PAID',
  'DEFERRED',
  'DUE',
  'PARTLY_PAID',
  'PAST_DUE',
  'UPCOMING',
  'RENEWED',
] as const;
export type TScheduleRowStatus = (typeof SCHEDULE_ROW_STATUSES)[number];

/** What the borrower may do when the loan matures. */
export const MATURITY_OPTIONS = ['PAY_OFF', 'RENEW'] as const;
export type TMaturityOption = (typeof MATURITY_OPTIONS)[number];

/**
 * Ledger accounts. The loan's receivables (debit balances, what the borrower owes) and the
 * counter-accounts every journal balances against. Liquidation proceeds credit the receivables
 * against LIQUIDATION_PROCEEDS; proceeds beyond the balance and the fee are owed back to the
 * borrower (SURPLUS_PAYABLE, a credit balance).
 */
export const LEDGER_ACCOUNTS = [
  'PRINCIPAL',
  'ORIGINATION_FEE',
  'DEFERRED_INTEREST',
  'ACCRUED_INTEREST',
  'FEES',
  'DISBURSEMENT',
  'FEE_INCOME',
  'INTEREST_INCOME',
  'CASH',
  'LIQUIDATION_PROCEEDS',
  'RENEWAL_SETTLEMENT',
  'SURPLUS_PAYABLE',
] as const;
export type TLedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What a journal (a set of entries that sum to zero) records. */
export const LEDGER_JOURNAL_KINDS = [
  'DRAW',
  'ORIGINATION_FEE',
  'INTEREST_ACCRUAL',
  'PAYMENT',
  'PAYMENT_REVERSAL',
  'DEFERRAL',
  'FEE',
  'PAYOFF',
  'LIQUIDATION',
  'RENEWAL_CLOSE',
  'SURPLUS_PAYOUT',
] as const;
export type TLedgerJournalKind = (typeof LEDGER_JOURNAL_KINDS)[number];

/** Days after the cycle (statement) date that its amount is due. */
export const PAYMENT_DUE_DAYS_AFTER_STATEMENT = 14;

/** How long a payoff quote holds: interest to the payoff date is in it, so it ends that day. */
export const PAYOFF_QUOTE_VALID_HOURS = 24;

/** Maturity reminders, days before the maturity date, each sent once. */
export const MATURITY_REMINDER_DAYS = [30, 14, 3] as const;

/** Past-due notices of an instalment before maturity, days after its due date, each sent once. */
export const PAST_DUE_NOTICE_DAYS = [1, 10, 30] as const;

/**
 * Collection notices of a matured loan that is not repaid, days after its maturity date, each sent
 * once (the loan keeps accruing interest at its contract rate until it is paid).
 */
export const MATURED_COLLECTION_NOTICE_DAYS = [1, 10, 30] as const;

/** Working days after which a pending sandbox ACH debit settles (or is returned). */
export const ACH_SETTLEMENT_DAYS = 3;

/**
 * Calendar days within which the bank settles or returns an ACH debit (ACH's 3-5 business days,
 * with weekends and a holiday): a debit still pending after them is money in flight past the
 * bank's window, which reconciliation reports for an agent to chase.
 */
export const PENDING_DEBIT_WINDOW_DAYS = 10;

/** A payment or payoff amount: at most this many cents ($100 million). */
export const PAYMENT_MAX_CENTS = 10_000_000_000;

/** A wire reference an agent records. */
export const WIRE_REFERENCE_MAX_LENGTH = 200;
