/**
 * The completion tracker of /{appUuid}/complete (document 1 §4): its steps and the current index.
 */
import type { TApplicationState } from './enums.js';

export const TRACKER_STEP_LABELS = {
  applicationComplete: 'Application Complete',
  collateralReceived: 'Collateral Received',
  disbursementVerified: 'Disbursement Verified',
  fundsDisbursed: 'Funds Disbursed',
  loanRenewed: 'Loan Renewed',
} as const;
export type TTrackerStepLabel = (typeof TRACKER_STEP_LABELS)[keyof typeof TRACKER_STEP_LABELS];

/** The states between collateral arriving and the funds going out. */
const FUNDING_STATES: readonly TApplicationState[] = [
  'CRYPTO_FUNDING_VERIFY',
  'BORROWER_MICRO_DEPOSIT_CONFIRM',
  'MANUAL_FUNDING_RELEASE',
];

/** International loans have an extra step: the USDC test transfer is verified before payout. */
export function newLoanTrackerSteps(isInternational: boolean): TTrackerStepLabel[] {
  return [
    TRACKER_STEP_LABELS.applicationComplete,
    TRACKER_STEP_LABELS.collateralReceived,
    ...(isInternational ? [TRACKER_STEP_LABELS.disbursementVerified] : []),
    TRACKER_STEP_LABELS.fundsDisbursed,
  ];
}

export function newLoanTrackerIndex(state: TApplicationState, isInternational: boolean): number {
  switch (state) {
    case 'COMPLETE':
      return isInternational ? 3 : 2;
    case 'MANUAL_FUNDING_RELEASE':
      return isInternational ? 2 : 1;
    case 'CRYPTO_FUNDING_VERIFY':
    case 'BORROWER_MICRO_DEPOSIT_CONFIRM':
      return 1;
    default:
      return 0;
  }
}

/** A renewal shows 'Collateral Received' only while added collateral is still due. */
export function renewalTrackerSteps(collateralDue: boolean): TTrackerStepLabel[] {
  return [
    TRACKER_STEP_LABELS.applicationComplete,
    ...(collateralDue ? [TRACKER_STEP_LABELS.collateralReceived] : []),
    TRACKER_STEP_LABELS.loanRenewed,
  ];
}

export function renewalTrackerIndex(state: TApplicationState, collateralDue: boolean): number {
  if (state === 'COMPLETE') return collateralDue ? 2 : 1;
  return FUNDING_STATES.includes(state) ? 1 : 0;
}
