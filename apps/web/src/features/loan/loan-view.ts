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
  isDecimalNumberText,
  isWithinDecimals,
  NUMERIC_INPUT_MESSAGES,
  parseCashInput,
  PAYMENT_MAX_CENTS,
  USD_MAX_DECIMALS,
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
  RENEWED: 'Carried into the renewal',
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
  /** The loan is still being serviced (it has a balance, a health, a payoff). */
  isOpen: boolean;
  /** Pay any amount now (ACH): only with a US bank account to debit. */
  canPay: boolean;
  /** Wire a payment to the lender, quoting the loan's reference. */
  canPayByWire: boolean;
  /** Ask to defer the interest now due (the server's preview says whether it may). */
  canDefer: boolean;
  /** Turn autopay on or off. */
  canSetAutopay: boolean;
  /** Get a payoff quote (paid by ACH when canPay, else by wire). */
  canPayOff: boolean;
  /** The paid-off loan's collateral can be asked back. */
  canReleaseCollateral: boolean;
}

/**
 * The actions a status allows. An open loan (active, in margin call, matured) can be paid and paid
 * off; deferral and autopay are for the monthly payments of a loan before its maturity; a paid-off
 * loan leads to its collateral; a liquidated or renewed loan is closed here. ACH payments and
 * autopay need the bank account the server's paymentOptions say the loan has; without one (a loan
 * paid out in USDC) the borrower pays by wire.
 */
export function loanActions(
  loan: Pick<TServicingLoan, 'status' | 'nextPayment' | 'paymentOptions'>,
): TLoanActions {
  const isOpen =
    loan.status === 'ACTIVE' || loan.status === 'MARGIN_CALL' || loan.status === 'MATURED';
  const hasMonthlyPayments = loan.status === 'ACTIVE' || loan.status === 'MARGIN_CALL';
  const options = loan.paymentOptions;
  return {
    isOpen,
    canPay: isOpen && options.canPayByAch,
    canPayByWire: isOpen && options.wire !== null,
    canDefer: hasMonthlyPayments && loan.nextPayment !== null,
    canSetAutopay: hasMonthlyPayments && options.canUseAutopay,
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
 * A typed payment amount to cents, or the message that says what is wrong: dollars have at most 2
 * decimals (the domain's amount rule: "100.555" is refused, never paid as $100.55), the contract's
 * words for an amount under a cent, and no more than the balance (a payoff pays the whole of it).
 */
export function checkPaymentAmount(text: string, balanceCents: number): TPaymentAmountCheck {
  const plain = text.replace(/[$,\s]/g, '');
  if (isDecimalNumberText(plain) && !isWithinDecimals(plain, USD_MAX_DECIMALS)) {
    return { cents: null, error: NUMERIC_INPUT_MESSAGES.tooManyDecimals(USD_MAX_DECIMALS) };
  }
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

/**
 * The loan's LTV now, one figure for the whole page: the risk view's (at the latest stored price,
 * what the margin calls are measured on), else the loan's (at today's quoted price, while no price
 * is stored yet); null only when neither is known.
 */
export function ltvNowPct(loan: Pick<TServicingLoan, 'ltv' | 'risk'>): number | null {
  return loan.risk.ltvPct ?? loan.ltv?.ltvPct ?? null;
}

/** "33.83%", or "Not known" when no LTV is. */
export function ltvNowWords(loan: Pick<TServicingLoan, 'ltv' | 'risk'>): string {
  const pct = ltvNowPct(loan);
  return pct === null ? 'Not known' : formatLtv(pct);
}
