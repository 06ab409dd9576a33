/**
 * What the loan page shows and offers, decided from the server's loan alone: the words of each
 * status, which actions a status allows, and the checks of a typed payment amount.
 */
import {
  SERVICING_PAYMENT_MESSAGES,
  type TServicingLoan,
  type TServicingPayment,
} from '@pledge/contract';
import {
  centsToUsdString,
  formatPct,
  parseCashInput,
  PAYMENT_MAX_CENTS,
  type TLoanStatusName,
  type TPaymentMethod,
  type TPaymentPurpose,
  type TPaymentStatus,
  type TScheduleRowStatus,
} from '@pledge/domain';

/** Decimals of an LTV on the loan page ("48.25%"). */
export const LOAN_LTV_DECIMALS = 2;

export const LOAN_STATUS_WORDS: Readonly<Record<TLoanStatusName, string>> = {
  ACTIVE: 'Active',
  MARGIN_CALL: 'Margin call',
  LIQUIDATED: 'Liquidated',
  PAID_OFF: 'Paid off',
  MATURED: 'Matured',
  RENEWED: 'Renewed',
};

export const SCHEDULE_STATUS_WORDS: Readonly<Record<TScheduleRowStatus, string>> = {
  PAID: 'Paid',
  DEFERRED: 'Deferred',
  DUE: 'Due',
  PARTLY_PAID: 'Partly paid',
  PAST_DUE: 'Past due',
  UPCOMING: 'Upcoming',
};

export const PAYMENT_STATUS_WORDS: Readonly<Record<TPaymentStatus, string>> = {
  PENDING: 'Pending',
  SETTLED: 'Received',
  RETURNED: 'Returned by the bank',
  REVERSED: 'Reversed',
};

export const PAYMENT_METHOD_WORDS: Readonly<Record<TPaymentMethod, string>> = {
  ACH: 'Bank transfer (ACH)',
  AUTOPAY: 'Autopay (ACH)',
  WIRE: 'Wire',
  RECORDED: 'Recorded by an agent',
};

export const PAYMENT_PURPOSE_WORDS: Readonly<Record<TPaymentPurpose, string>> = {
  PAYMENT: 'Payment',
  PAYOFF: 'Payoff',
};

/** A payment's kind in one phrase: "Payoff · Wire", "Payment · Bank transfer (ACH)". */
export function paymentDescription(payment: Pick<TServicingPayment, 'method' | 'purpose'>): string {
  const method = PAYMENT_METHOD_WORDS[payment.method];
  return `${PAYMENT_PURPOSE_WORDS[payment.purpose]} · ${method}`;
}

/** What the borrower can do with the loan now. */
export interface TLoanActions {
  /** Pay any amount now (ACH). */
  canPay: boolean;
  /** Ask to defer the interest now due (the server's preview says whether it may). */
  canDefer: boolean;
  /** Turn autopay on or off. */
  canSetAutopay: boolean;
  /** Get a payoff quote and pay it. */
  canPayOff: boolean;
  /** The paid-off loan's collateral can be asked back. */
  canReleaseCollateral: boolean;
}

/**
 * The actions a status allows. An open loan (active, in margin call, matured) can be paid and paid
 * off; deferral and autopay are for the monthly payments of a loan before its maturity; a paid-off
 * loan leads to its collateral; a liquidated or renewed loan is closed here.
 */
export function loanActions(loan: Pick<TServicingLoan, 'status' | 'nextPayment'>): TLoanActions {
  const isOpen =
    loan.status === 'ACTIVE' || loan.status === 'MARGIN_CALL' || loan.status === 'MATURED';
  const hasMonthlyPayments = loan.status === 'ACTIVE' || loan.status === 'MARGIN_CALL';
  return {
    canPay: isOpen,
    canDefer: hasMonthlyPayments && loan.nextPayment !== null,
    canSetAutopay: hasMonthlyPayments,
    canPayOff: isOpen,
    canReleaseCollateral: loan.status === 'PAID_OFF',
  };
}

/** The amount offered in the payment field: what is due next (the matured balance at maturity). */
export function suggestedPaymentCents(
  loan: Pick<TServicingLoan, 'status' | 'nextPayment' | 'maturity'>,
): number | null {
  if (loan.status === 'MATURED') return loan.maturity.amountDueCents;
  const due = loan.nextPayment?.amountCents ?? 0;
  return due > 0 ? due : null;
}

/** Cents as the payment field's text ("1234.56"). */
export function paymentFieldText(cents: number | null): string {
  return cents === null ? '' : centsToUsdString(cents);
}

/** Cents of an amount as typed or pasted ("$1,500.5"), or null when it is no dollar amount. */
export function typedCents(text: string): number | null {
  return parseCashInput(text.replace(/[$,\s]/g, ''));
}

export type TPaymentAmountCheck = { cents: number; error: null } | { cents: null; error: string };

/**
 * A typed payment amount to cents, or the message that says what is wrong: the contract's words for
 * an amount under a cent, and no more than the balance (a payoff pays the whole of it).
 */
export function checkPaymentAmount(text: string, balanceCents: number): TPaymentAmountCheck {
  const cents = typedCents(text);
  if (cents === null || cents < 1) return { cents: null, error: SERVICING_PAYMENT_MESSAGES.amount };
  if (cents > Math.min(balanceCents, PAYMENT_MAX_CENTS)) {
    return { cents: null, error: SERVICING_PAYMENT_MESSAGES.tooLarge };
  }
  return { cents, error: null };
}

export function formatLtv(pct: number): string {
  return formatPct(pct, LOAN_LTV_DECIMALS);
}
