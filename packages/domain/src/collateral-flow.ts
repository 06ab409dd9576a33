/**
 * The collateral page and the completion tracker (document 1 §4, §5): which states each page
 * serves, where any other state sends the borrower, when the tracker stops polling, which
 * milestones it reports, and the tracker's steps and current index for an application.
 */
import type { TApplicationState } from './enums.js';
import { inStates } from './application-machine.js';
import { isRenewalCollateralDue } from './renewal-collateral.js';
import { applicationEntryRoute, type TAppRouteSegment } from './routing.js';
import {
  newLoanTrackerIndex,
  newLoanTrackerSteps,
  renewalTrackerIndex,
  renewalTrackerSteps,
  type TTrackerStepLabel,
} from './tracker.js';

export type TCollateralFlowRedirect = TAppRouteSegment | 'dashboard';

type TApplicationRouting = { state: TApplicationState; isRollForward: boolean };

/**
 * /collateral serves WAITING_FOR_COLLATERAL alone (Post Collateral is enabled only then); in any
 * other state the borrower goes where the application's entry leads (next-steps, complete, ...).
 */
export function collateralPageRedirect(input: TApplicationRouting): TCollateralFlowRedirect | null {
  return input.state === 'WAITING_FOR_COLLATERAL' ? null : applicationEntryRoute(input);
}

/**
 * The states /complete shows: from the collateral being awaited (the borrower said it was sent)
 * to the loan being complete, and a cancellation (the deadline passed while the tracker was open).
 */
export const COMPLETE_PAGE_STATES: readonly TApplicationState[] = [
  'WAITING_FOR_COLLATERAL',
  'CRYPTO_FUNDING_VERIFY',
  'BORROWER_MICRO_DEPOSIT_CONFIRM',
  'MANUAL_FUNDING_RELEASE',
  'COMPLETE',
  'CANCELLED',
];

/** Any state /complete does not show goes where the application's entry leads. */
export function completePageRedirect(input: TApplicationRouting): TCollateralFlowRedirect | null {
  return COMPLETE_PAGE_STATES.includes(input.state) ? null : applicationEntryRoute(input);
}

/**
 * The tracker polls the state while it shows one that can still move on: it stops once the loan is
 * complete or cancelled, and on any state it does not show (declined, ...), as it leaves the page.
 */
export function shouldPollCompletion(state: TApplicationState): boolean {
  return COMPLETE_PAGE_STATES.includes(state) && state !== 'COMPLETE' && state !== 'CANCELLED';
}

/** Milestones the tracker reports once each: the collateral received, and the loan complete. */
const COLLATERAL_RECEIVED_STATES: readonly TApplicationState[] = [
  'CRYPTO_FUNDING_VERIFY',
  'BORROWER_MICRO_DEPOSIT_CONFIRM',
  'MANUAL_FUNDING_RELEASE',
  'COMPLETE',
];

export const isCollateralReceived = inStates(COLLATERAL_RECEIVED_STATES);

export type TCompletionTracker = {
  readonly steps: readonly TTrackerStepLabel[];
  readonly currentIndex: number;
};

/** The tracker of /complete: the new-loan steps, or the renewal's when the loan is a roll-forward. */
export function completionTracker(input: {
  state: TApplicationState;
  isInternational: boolean;
  isRollForward: boolean;
  rollForwardLoanDetails: Parameters<typeof isRenewalCollateralDue>[0];
}): TCompletionTracker {
  if (input.isRollForward) {
    const collateralDue = isRenewalCollateralDue(input.rollForwardLoanDetails);
    return {
      steps: renewalTrackerSteps(collateralDue),
      currentIndex: renewalTrackerIndex(input.state, collateralDue),
    };
  }
  return {
    steps: newLoanTrackerSteps(input.isInternational),
    currentIndex: newLoanTrackerIndex(input.state, input.isInternational),
  };
}
