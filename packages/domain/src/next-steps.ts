/**
 * The final-steps checklist (/{appUuid}/next-steps) of document 1 §4: redirects, row gating, row
 * buttons, the overall status the server reports, where each row leads, and the optimistic updates
 * the web app applies before the server answers.
 */
import type { TApplicationState, TFinalStepName, TFinalStepStatus } from './enums.js';
import { stageOf } from './application-machine.js';
import { isIdentityUploadOpen } from './loan-invariants.js';

export type TNextStepsRedirect =
  | 'decline'
  | 'credit-no-match'
  | 'credit-locked'
  | 'credit-frozen'
  | 'dashboard'
  | 'complete'
  | 'details';

/**
 * Where /next-steps sends the borrower, or null to stay. Beyond the spec's list:
 * - the funding and completion states go to complete (the "later states" of document 1 §4);
 * - before the details are submitted there is no checklist yet, so the borrower goes to details;
 * - a paid-off or released loan, and the refinancing top-up states (refinancing borrowers never use
 *   this page), go to the dashboard;
 * - the transitional states stay (the page waits for the server).
 */
const NEXT_STEPS_REDIRECTS: Readonly<Record<TApplicationState, TNextStepsRedirect | null>> = {
  CREATED: 'details',
  OFFER_ACCEPTED: 'details',
  ATTACH_PROFILE: null,
  SOFT_CREDIT: null,
  GEN_APP_DISCLOSURES: null,
  SIGN_DOCS: null,
  WAITING_FOR_COLLATERAL: null,
  CRYPTO_FUNDING_VERIFY: 'complete',
  BORROWER_MICRO_DEPOSIT_CONFIRM: 'complete',
  MANUAL_FUNDING_RELEASE: 'complete',
  COMPLETE: 'complete',
  PAID_OFF: 'dashboard',
  COLLATERAL_RELEASED: 'dashboard',
  DECLINED: 'decline',
  CANCELLED: 'dashboard',
  SOFT_CREDIT_NO_MATCH: 'credit-no-match',
  SOFT_CREDIT_LOCKED: 'credit-locked',
  SOFT_CREDIT_FROZEN: 'credit-frozen',
  CELSIUS_TOP_UP_REQUESTED: 'dashboard',
  CELSIUS_WAITING_FOR_TOP_UP: 'dashboard',
  CELSIUS_FULL_COLLATERAL_RECEIVED: 'dashboard',
  RENEWED: 'dashboard',
};

export function nextStepsRedirect(state: TApplicationState): TNextStepsRedirect | null {
  return NEXT_STEPS_REDIRECTS[state];
}

/** Review Agreements only while signing, Post Collateral only while collateral is awaited. */
export function isFinalStepEnabled(name: TFinalStepName, state: TApplicationState): boolean {
  switch (name) {
    case 'Review Agreements':
      return state === 'SIGN_DOCS';
    case 'Post Collateral':
      return state === 'WAITING_FOR_COLLATERAL';
    case 'Verify Identity':
    case 'Disbursement Account':
      return true;
  }
}

export type TFinalStepItem = { readonly name: TFinalStepName; readonly status: TFinalStepStatus };

export type TFinalSteps<TItem extends TFinalStepItem = TFinalStepItem> = {
  readonly items: readonly TItem[];
  readonly overallStatus: TFinalStepStatus;
};

/**
 * Rows the checklist shows: a NOT_REQUIRED row has nothing to do and is hidden (the spec names the
 * identity and disbursement rows; any row the server marks NOT_REQUIRED is treated alike), and a
 * renewal pays nothing out, so its disbursement row is hidden.
 */
export function visibleFinalSteps<TItem extends TFinalStepItem>(
  items: readonly TItem[],
  options: { isRenewal: boolean },
): TItem[] {
  return items.filter(
    (item) =>
      item.status !== 'NOT_REQUIRED' &&
      !(options.isRenewal && item.name === 'Disbursement Account'),
  );
}

export type TFinalStepButton =
  | { readonly kind: 'complete-badge' }
  | {
      readonly kind: 'button';
      readonly label: 'Start' | 'Continue' | 'Processing';
      readonly disabled: boolean;
    };

/**
 * The row's control (document 1 §4). Processing rows wait on the lender, so their button is
 * disabled; a NOT_REQUIRED row (normally hidden) shows the badge, as nothing is left to do.
 */
export function finalStepButton(input: {
  name: TFinalStepName;
  status: TFinalStepStatus;
  enabled: boolean;
}): TFinalStepButton {
  const { name, status, enabled } = input;
  if (status === 'COMPLETED' || status === 'NOT_REQUIRED') return { kind: 'complete-badge' };
  if (status === 'NOT_STARTED' || !enabled) {
    return { kind: 'button', label: 'Start', disabled: !enabled };
  }
  if (status === 'IN_PROGRESS' && name === 'Review Agreements') {
    return { kind: 'button', label: 'Continue', disabled: false };
  }
  return { kind: 'button', label: 'Processing', disabled: true };
}

/** The 'ID in Review' warning shows while the uploaded ID is being checked. */
export function showIdInReview(items: readonly TFinalStepItem[]): boolean {
  return items.some(
    (item) =>
      item.name === 'Verify Identity' &&
      (item.status === 'PENDING' || item.status === 'IN_PROGRESS'),
  );
}

export function canContinueFinalSteps(overallStatus: TFinalStepStatus): boolean {
  return overallStatus === 'COMPLETED';
}

/**
 * The overall status the server reports: COMPLETED when every visible row is done (an empty list
 * has nothing left to do), IN_PROGRESS once any row has started, else NOT_STARTED.
 */
export function overallFinalStepsStatus(
  items: readonly TFinalStepItem[],
  options: { isRenewal?: boolean } = {},
): TFinalStepStatus {
  const visible = visibleFinalSteps(items, { isRenewal: options.isRenewal ?? false });
  if (visible.every((item) => item.status === 'COMPLETED')) return 'COMPLETED';
  if (visible.some((item) => item.status !== 'NOT_STARTED')) return 'IN_PROGRESS';
  return 'NOT_STARTED';
}

export type TFinalStepRoute =
  'identity' | 'disclosures' | 'disbursement' | 'usdc-disbursement' | 'collateral';

/** The /{appUuid}/... page a row opens; international borrowers are paid in USDC. */
export function finalStepRoute(
  name: TFinalStepName,
  options: { isInternational: boolean } = { isInternational: false },
): TFinalStepRoute {
  switch (name) {
    case 'Verify Identity':
      return 'identity';
    case 'Review Agreements':
      return 'disclosures';
    case 'Disbursement Account':
      return options.isInternational ? 'usdc-disbursement' : 'disbursement';
    case 'Post Collateral':
      return 'collateral';
  }
}

export type TRouteAfterDetails = TNextStepsRedirect | 'next-steps';

/**
 * Where the details page goes once its polling sees a settled state; null while the server is
 * still working (or has not yet taken the details), so the page keeps polling.
 */
export function routeAfterDetails(state: TApplicationState): TRouteAfterDetails | null {
  if (state === 'CREATED' || state === 'OFFER_ACCEPTED') return null;
  if (state === 'SIGN_DOCS' || state === 'WAITING_FOR_COLLATERAL') return 'next-steps';
  return nextStepsRedirect(state);
}

/** After the last signature: a new loan returns to the checklist, a renewal moves on. */
export function routeAfterLastSignature(input: {
  isRenewal: boolean;
  collateralDue: boolean;
}): 'next-steps' | 'collateral' | 'complete' {
  if (!input.isRenewal) return 'next-steps';
  return input.collateralDue ? 'collateral' : 'complete';
}

function withItemStatus<TSteps extends TFinalSteps>(
  steps: TSteps,
  name: TFinalStepName,
  status: TFinalStepStatus,
): TSteps {
  const items = steps.items.map((item) => (item.name === name ? { ...item, status } : item));
  // The spread keeps every other field of the caller's shape; only `items` is replaced in kind.
  return { ...steps, items } as TSteps;
}

/*
 * Optimistic updates (document 1 §4). They change the one row only: the overall status stays the
 * server's, so Continue is never enabled before the server agrees.
 */

export function markDisbursementDone<TSteps extends TFinalSteps>(steps: TSteps): TSteps {
  return withItemStatus(steps, 'Disbursement Account', 'COMPLETED');
}

export function markIdentityUploaded<TSteps extends TFinalSteps>(steps: TSteps): TSteps {
  return withItemStatus(steps, 'Verify Identity', 'IN_PROGRESS');
}

export function markLastDocumentSigned<TSteps extends TFinalSteps>(steps: TSteps): TSteps {
  return withItemStatus(steps, 'Review Agreements', 'PENDING');
}

/**
 * The checklist is open (identity and disbursement can be done, DESIGN §5) in the PROCESSING states
 * that show it; the server refuses final-step actions elsewhere.
 */
export function hasFinalSteps(state: TApplicationState): boolean {
  return stageOf(state) === 'PROCESSING' && nextStepsRedirect(state) === null;
}

/**
 * Where the identity page (/{appUuid}/identity) stands: it is open in every state that takes an
 * upload (isIdentityUploadOpen: the checklist's, and those where the funds wait for the ID),
 * otherwise the borrower leaves for the final steps, which decide where to go. Once open it returns
 * the borrower to the page they came from: the checklist, or the tracker once the collateral is in.
 */
export function identityPageRoute(state: TApplicationState): {
  isOpen: boolean;
  returnTo: 'next-steps' | 'complete';
} {
  return {
    isOpen: isIdentityUploadOpen(state),
    returnTo: nextStepsRedirect(state) === 'complete' ? 'complete' : 'next-steps',
  };
}

export type TIdentityFundingPrompt = 'upload' | 'in-review';

/**
 * What the tracker says about the ID while a loan's funds wait for it (ORIGINATING): no release
 * goes out without an approved ID (loan-invariants.ts), so a borrower who signed and deposited first
 * is asked to upload one ('upload': none on file, or the last one was rejected, both NOT_STARTED),
 * then told it is reviewed ('in-review'). Null once it is approved, when none is required (a
 * renewal: NOT_REQUIRED), while the Verify Identity status is unknown, and in any other state.
 */
export function identityFundingPrompt(
  state: TApplicationState,
  identityStatus: TFinalStepStatus | undefined,
): TIdentityFundingPrompt | null {
  if (stageOf(state) !== 'ORIGINATING' || !isIdentityUploadOpen(state)) return null;
  switch (identityStatus) {
    case 'NOT_STARTED':
      return 'upload';
    case 'IN_PROGRESS':
    case 'PENDING':
      return 'in-review';
    default:
      return null;
  }
}
