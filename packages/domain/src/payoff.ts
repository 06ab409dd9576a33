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
import { applicationEntryRoute, type TAppRouteSegment } from './routing.js';

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
