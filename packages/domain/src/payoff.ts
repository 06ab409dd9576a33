/**
 * A paid-off loan and the return of its collateral (document 1 §4, §9; DESIGN §5): how the payoff
 * was paid, how long the crypto is held after it, and which state the collateral-release page
 * serves.
 */
import type { TApplicationState, TStage } from './enums.js';
import {
  CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS,
  CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS,
} from './constants/limits.js';
import { formatUsd } from './money.js';
import type { TLoanStatusName } from './renewal.js';
import { applicationEntryRoute, type TAppRouteSegment } from './routing.js';
import { isMaturedOn } from './servicing.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** How the borrower paid the loan off. */
export const PAYOFF_METHODS = ['ACH', 'WIRE'] as const;
export type TPayoffMethod = (typeof PAYOFF_METHODS)[number];

/** The methods as people read them ("Wire", not "WIRE"). */
export const PAYOFF_METHOD_LABELS: Readonly<Record<TPayoffMethod, string>> = {
  ACH: 'ACH',
  WIRE: 'Wire',
};

/**
 * Days the crypto is held after a payoff before it is returned: an ACH debit can still be reversed
 * for weeks, a wire cannot.
 */
export function collateralHoldDays(method: TPayoffMethod): number {
  return method === 'ACH' ? CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS : CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS;
}

/** The end of the hold: that many whole days (of 24 h) after the payoff was recorded. */
export function collateralHeldUntil(paidOffAt: Date | string, method: TPayoffMethod): Date {
  const paidOff = typeof paidOffAt === 'string' ? Date.parse(paidOffAt) : paidOffAt.getTime();
  return new Date(paidOff + collateralHoldDays(method) * MS_PER_DAY);
}

/**
 * /collateral-release serves a paid-off loan (stage COLLATERAL_RELEASE) alone; in any other stage
 * the borrower goes where the application's entry leads. It never sends the page to itself: a
 * state whose entry is this page (PAID_OFF) is served whatever stage came with it.
 */
export function collateralReleasePageRedirect(input: {
  state: TApplicationState;
  stage: TStage;
  isRollForward: boolean;
}): TAppRouteSegment | 'dashboard' | null {
  const entry = applicationEntryRoute(input);
  return input.stage === 'COLLATERAL_RELEASE' || entry === 'collateral-release' ? null : entry;
}

/*
 * Money in flight (issue 33). A debit the bank accepted is posted to the ledger at once, so the
 * balances and the payoff quote count it, as a borrower expects of a payment they made; but until
 * it settles the bank can still return it. So a payoff is final only once every debit it counted
 * has settled: until then the collateral stays (collateralReleaseHold, and the invariant
 * collateralReleaseWaitsForDebits), and a debit returned after the payoff (the payoff's own, or
 * any payment before it) reopens the loan for what came back (reversalReopensLoan).
 */

/** Why a collateral release must wait for the bank. */
export const COLLATERAL_RELEASE_HOLDS = ['PAYOFF_NOT_SETTLED', 'PAYMENTS_NOT_SETTLED'] as const;
export type TCollateralReleaseHold = (typeof COLLATERAL_RELEASE_HOLDS)[number];

export const COLLATERAL_RELEASE_HOLD_MESSAGES: Readonly<Record<TCollateralReleaseHold, string>> = {
  PAYOFF_NOT_SETTLED:
    'Your payoff by bank transfer (ACH) has not settled yet: your bank can still return it. You can ask for your collateral back once it has settled, usually within 3 business days of your payment.',
  PAYMENTS_NOT_SETTLED:
    'A payment by bank transfer (ACH) on this loan has not settled yet: your bank can still return it, and your payoff counted it. You can ask for your collateral back once every payment has settled, usually within 3 business days of the payment.',
};

/**
 * The hold on a release while the bank can still return a debit of the loan (PENDING): the
 * payoff's own first, then any other payment; null once every debit has settled or was returned.
 */
export function collateralReleaseHold(input: {
  isPayoffDebitPending: boolean;
  pendingDebitsCents: number;
}): TCollateralReleaseHold | null {
  if (input.isPayoffDebitPending) return 'PAYOFF_NOT_SETTLED';
  return input.pendingDebitsCents > 0 ? 'PAYMENTS_NOT_SETTLED' : null;
}

/**
 * What a payoff quote says of the money in flight it counts (the debits not yet settled), in the
 * borrower's words; null when it counts none.
 */
export function payoffPendingNotice(pendingDebitsCents: number): string | null {
  if (pendingDebitsCents <= 0) return null;
  return `This amount counts ${formatUsd(pendingDebitsCents)} of payments your bank has not settled yet. If your bank returns one, that amount is owed again and your loan reopens; your collateral is returned only once every payment has settled.`;
}

/**
 * A reversal (a debit returned, a payment an agent reversed) that leaves anything owed on a
 * paid-off loan reopens it: the payoff counted money that did not come.
 */
export function reversalReopensLoan(input: {
  status: TLoanStatusName;
  totalCentsAfter: number;
}): boolean {
  return input.status === 'PAID_OFF' && input.totalCentsAfter > 0;
}

/** The servicing status a reopened loan goes back to: MATURED from its maturity date on. */
export function reopenedLoanStatus(maturityDate: string, today: string): 'ACTIVE' | 'MATURED' {
  return isMaturedOn(maturityDate, today) ? 'MATURED' : 'ACTIVE';
}
