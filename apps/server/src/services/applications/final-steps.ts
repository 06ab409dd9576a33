/**
 * The final-steps checklist of /{appUuid}/next-steps (document 1 §3, §4) for an application in a
 * state, given how far its identity, disbursement and collateral are: the new loan's and, with its
 * rows adjusted, the renewal's (renewal-final-steps.ts).
 */
import type { TFinalSteps } from '@pledge/contract';
import {
  overallFinalStepsStatus,
  type TApplicationState,
  type TFinalStepItem,
  type TFinalStepStatus,
} from '@pledge/domain';

/** Signing is over in these: every document was signed (a refinancing's too). */
export const SIGNED_STATES: ReadonlySet<TApplicationState> = new Set([
  'WAITING_FOR_COLLATERAL',
  'CRYPTO_FUNDING_VERIFY',
  'BORROWER_MICRO_DEPOSIT_CONFIRM',
  'MANUAL_FUNDING_RELEASE',
  'COMPLETE',
  'PAID_OFF',
  'COLLATERAL_RELEASED',
  // A loan its renewal replaced was signed and funded like any other.
  'RENEWED',
]);

function agreementsStatus(state: TApplicationState): TFinalStepStatus {
  if (state === 'SIGN_DOCS') return 'IN_PROGRESS';
  return SIGNED_STATES.has(state) ? 'COMPLETED' : 'NOT_STARTED';
}

/**
 * Collateral counts as posted once the confirmed deposits reached the required quantity (the
 * application left WAITING_FOR_COLLATERAL); while waiting it is PENDING once the borrower said it
 * was sent or a deposit was seen.
 */
function collateralStatus(
  state: TApplicationState,
  hasCollateralActivity: boolean,
): TFinalStepStatus {
  if (state === 'WAITING_FOR_COLLATERAL') return hasCollateralActivity ? 'PENDING' : 'NOT_STARTED';
  return SIGNED_STATES.has(state) ? 'COMPLETED' : 'NOT_STARTED';
}

export interface TFinalStepsProgress {
  identity: TFinalStepStatus;
  disbursement: TFinalStepStatus;
  /** The borrower said the collateral was sent, or a deposit was seen. */
  hasCollateralActivity?: boolean;
}

/** The checklist of an application in a state, given how far identity and disbursement are. */
export function finalStepsOf(
  application: { state: TApplicationState; isRollForward: boolean },
  progress: TFinalStepsProgress,
): TFinalSteps {
  const items: TFinalStepItem[] = [
    { name: 'Verify Identity', status: progress.identity },
    { name: 'Review Agreements', status: agreementsStatus(application.state) },
    { name: 'Disbursement Account', status: progress.disbursement },
    {
      name: 'Post Collateral',
      status: collateralStatus(application.state, progress.hasCollateralActivity === true),
    },
  ];
  return {
    items,
    status: overallFinalStepsStatus(items, { isRenewal: application.isRollForward }),
  };
}
