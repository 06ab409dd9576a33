/**
 * The servicing view of one funded loan: balances (each a sum of its ledger entries), the next
 * payment, the 12-month schedule, payments, statements, autopay, LTV, status and maturity. Money is
 * integer cents here (`…Cents`), formatted by the domain's `formatUsd`.
 */
import { z } from 'zod/mini';
import {
  LOAN_STATUSES,
  MATURITY_OPTIONS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  SCHEDULE_ROW_STATUSES,
} from '@pledge/domain';
import { ZCoinAmount } from '../entities/coin-amount.js';
import { ZIsoDate, ZIsoDateTime, ZPercent } from '../wire.js';
import { ZCents } from './cents.js';
import { ZLiquidation, ZLoanRisk, ZLoanRiskThresholds } from './loan-risk.js';
import { ZLoanPaymentOptions } from './payment-instructions.js';

export { ZCents } from './cents.js';

/** The loanUuid path parameter (a loan is identified by its application: loanUuid = appUuid). */
export const ZLoanParams = z.object({ loanUuid: z.uuid() });

export const ZLoanBalances = z.object({
  principalCents: ZCents,
  /** The capitalised origination fee still owed. */
  originationFeeCents: ZCents,
  /** Interest deferred and capitalised. */
  deferredInterestCents: ZCents,
  /** Interest accrued (daily) and not paid. */
  accruedInterestCents: ZCents,
  feesCents: ZCents,
  totalCents: ZCents,
});
export type TLoanBalances = z.infer<typeof ZLoanBalances>;

/**
 * What is due (the domain's whatIsDue): the next due date and everything asked by it, of which
 * what was due on earlier dates, since the oldest of those dates and how many days ago. The loan
 * page, the dashboard card and the console read this one object.
 */
export const ZNextPayment = z.object({
  dueDate: ZIsoDate,
  amountCents: ZCents,
  /** Part of the amount that was due on an earlier date. */
  pastDueCents: ZCents,
  /** The due date of the oldest amount still unpaid after its date; null when nothing is. */
  pastDueSince: z.nullable(ZIsoDate),
  /** Calendar days since that date (1 the day after it), by the server's clock; 0 when none. */
  daysPastDue: z.int().check(z.nonnegative()),
});
export type TNextPayment = z.infer<typeof ZNextPayment>;

export const ZScheduleRow = z.object({
  number: z.int(),
  /** The cycle (statement) date closing this month's interest period. */
  cycleDate: ZIsoDate,
  dueDate: ZIsoDate,
  interestCents: ZCents,
  principalCents: ZCents,
  amountCents: ZCents,
  /** What is still owed of it (zero once paid or deferred). */
  unpaidCents: ZCents,
  status: z.enum(SCHEDULE_ROW_STATUSES),
});
export type TScheduleRow = z.infer<typeof ZScheduleRow>;

export const ZServicingPayment = z.object({
  paymentUuid: z.uuid(),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.enum(PAYMENT_PURPOSES),
  amountCents: ZCents,
  status: z.enum(PAYMENT_STATUSES),
  /** Wire reference or the masked debit account. */
  reference: z.nullable(z.string()),
  createdAt: ZIsoDateTime,
  settledAt: z.nullable(ZIsoDateTime),
  /** Why it was returned or reversed. */
  failureReason: z.nullable(z.string()),
});
export type TServicingPayment = z.infer<typeof ZServicingPayment>;

export const ZStatementSummary = z.object({
  statementUuid: z.uuid(),
  cycleDate: ZIsoDate,
  dueDate: ZIsoDate,
  amountDueCents: ZCents,
  /** Part of the amount due that was due before this statement, on its own earlier date. */
  pastDueCents: ZCents,
  /** The due date of the oldest of it; null when nothing was past due. */
  pastDueSince: z.nullable(ZIsoDate),
  balanceCents: ZCents,
  createdAt: ZIsoDateTime,
});
export type TStatementSummary = z.infer<typeof ZStatementSummary>;

/** The current LTV beside the tier's levels (the risk thresholds but the courtesy notice). */
export const ZLoanLtv = z.object({
  /** Current LTV (balance ÷ collateral value at today's price), percent with 2 decimals. */
  ltvPct: ZPercent,
  ...z.omit(ZLoanRiskThresholds, { courtesyNoticeLtvPct: true }).shape,
});

export const ZServicingLoan = z.object({
  loanUuid: z.uuid(),
  appUuid: z.uuid(),
  status: z.enum(LOAN_STATUSES),
  collateral: ZCoinAmount,
  interestRatePct: ZPercent,
  annualPercentageRatePct: ZPercent,
  fundedOn: ZIsoDate,
  maturityDate: ZIsoDate,
  /** The server's clock when this view was made: countdowns run on it, not on the device's. */
  asOf: ZIsoDateTime,
  /**
   * The LTV the loan started at, 2 decimals: its amount (the draw with the capitalised origination
   * fee) against the collateral at the offer's price, the same definition as the current LTV.
   */
  initialLtvPct: ZPercent,
  balances: ZLoanBalances,
  /** Null once nothing more is scheduled (paid off, renewed). */
  nextPayment: z.nullable(ZNextPayment),
  schedule: z.array(ZScheduleRow),
  payments: z.array(ZServicingPayment),
  statements: z.array(ZStatementSummary),
  autopayEnabled: z.boolean(),
  /** The linked bank account that ACH debits draw on (masked), null when none. */
  debitAccount: z.nullable(z.object({ name: z.string(), mask: z.string() })),
  /** The ways this loan can be paid: ACH and autopay only with a bank account, wire instructions. */
  paymentOptions: ZLoanPaymentOptions,
  /** Null while no price is known. */
  ltv: z.nullable(ZLoanLtv),
  /** Collateral risk: levels, trigger prices, cure deadline (issue "Servicing, part 2"). */
  risk: ZLoanRisk,
  /** Liquidations of this loan, newest first (at most 20). */
  liquidations: z.array(ZLiquidation).check(z.maxLength(20)),
  maturity: z.object({
    maturityDate: ZIsoDate,
    daysToMaturity: z.int(),
    /** What is owed at maturity: the whole balance with interest to that day. */
    amountDueCents: ZCents,
    options: z.array(z.enum(MATURITY_OPTIONS)),
  }),
});
export type TServicingLoan = z.infer<typeof ZServicingLoan>;
