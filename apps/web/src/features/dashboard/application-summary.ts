import type { TApplication, TCollateralInfo } from '@pledge/contract';
import {
  applicationEntryRoute,
  appPath,
  isCollateralReleaseReady,
  isCollateralReleaseScheduled,
  localLongDayInWords,
  stageOf,
  type TApplicationState,
  type TAppRouteSegment,
} from '@pledge/domain';
import { paths } from '../../config/paths.js';

/** Each state in the borrower's words. */
export const APPLICATION_STATE_WORDS: Readonly<Record<TApplicationState, string>> = {
  CREATED: 'Application started',
  OFFER_ACCEPTED: 'Offer accepted: your loan details are needed',
  ATTACH_PROFILE: 'Checking your details',
  SOFT_CREDIT: 'Checking your credit',
  GEN_APP_DISCLOSURES: 'Preparing your loan documents',
  SIGN_DOCS: 'Final steps: sign your loan documents',
  WAITING_FOR_COLLATERAL: 'Final steps: waiting for your collateral',
  CRYPTO_FUNDING_VERIFY: 'Collateral received: being verified',
  BORROWER_MICRO_DEPOSIT_CONFIRM: 'Confirm the test transfer to your wallet',
  MANUAL_FUNDING_RELEASE: 'Approved: your funds are being sent',
  COMPLETE: 'Active loan',
  PAID_OFF: 'Paid off: your collateral is ready to return',
  COLLATERAL_RELEASED: 'Closed: collateral returned',
  DECLINED: 'Not approved',
  CANCELLED: 'Cancelled',
  SOFT_CREDIT_NO_MATCH: 'On hold: we could not find your credit file',
  SOFT_CREDIT_LOCKED: 'On hold: your credit file is locked',
  SOFT_CREDIT_FROZEN: 'On hold: your credit file is frozen',
  CELSIUS_TOP_UP_REQUESTED: 'Refinancing: collateral top-up requested',
  CELSIUS_WAITING_FOR_TOP_UP: 'Refinancing: waiting for your collateral top-up',
  CELSIUS_FULL_COLLATERAL_RECEIVED: 'Refinancing: collateral received',
  RENEWED: 'Renewed: replaced by its renewal',
};

/** The words of the link to where an application's own entry leads. */
const ACTION_LABELS: Readonly<Record<TAppRouteSegment, string>> = {
  renew: 'Continue renewal',
  details: 'Continue application',
  'next-steps': 'Continue application',
  collateral: 'Post collateral',
  identity: 'Upload ID',
  disclosures: 'Review and sign documents',
  'usdc-disbursement': 'Continue application',
  disbursement: 'Continue application',
  'disbursement/link-account': 'Continue application',
  'disbursement/manually-link': 'Continue application',
  'disbursement/choose-account': 'Continue application',
  complete: 'View loan status',
  documents: 'View documents',
  'collateral-release': 'Get your collateral back',
  'credit-frozen': 'See how to unfreeze your credit',
  'credit-locked': 'See how to unlock your credit',
  'credit-no-match': 'See what to do next',
  decline: 'View decision',
};

export interface TApplicationLink {
  label: string;
  href: string;
}

/**
 * The coins a liquidation left on a loan it closed with nothing owed (the server's
 * `liquidationRemainder`): they come back through the release page, as after a payoff.
 */
function hasLiquidationRemainder(app: { collateral?: TCollateralInfo | null }): boolean {
  return app.collateral?.liquidationRemainder !== undefined;
}

/**
 * The next thing to do with an application: where its entry path leads by state (the domain's
 * `applicationEntryRoute`), or the refinancing list for a refinancing application (an ended one
 * included: it is looked up again there, and says where coins sent go); null when nothing is left
 * to do (cancelled, closed). A liquidated loan with coins left leads to their
 * release.
 */
export function applicationAction(
  app: Pick<TApplication, 'appUuid' | 'state' | 'isRollForward' | 'isCelsiusRefi'> & {
    collateral?: TCollateralInfo | null;
  },
): TApplicationLink | null {
  if (hasLiquidationRemainder(app)) {
    const href = appPath(app.appUuid, 'collateral-release');
    return hasOpenRelease(app)
      ? { label: 'View your collateral release', href }
      : { label: ACTION_LABELS['collateral-release'], href };
  }
  if (app.isCelsiusRefi) {
    if (app.state === 'COMPLETE' || app.state === 'DECLINED') return null;
    // An ended refinancing is looked up again there, and says where the coins sent go.
    return app.state === 'CANCELLED'
      ? { label: 'See your Celsius loans', href: paths.refinance.list.getHref() }
      : { label: 'Continue refinancing', href: paths.refinance.list.getHref() };
  }
  const route = applicationEntryRoute({ state: app.state, isRollForward: app.isRollForward });
  if (route === 'dashboard') return null;
  if (route === 'collateral-release' && hasOpenRelease(app)) {
    return { label: 'View your collateral release', href: appPath(app.appUuid, route) };
  }
  return { label: ACTION_LABELS[route], href: appPath(app.appUuid, route) };
}

/**
 * A paid-off loan, or a liquidated one with coins left, whose collateral has been asked for (and
 * the request has not failed).
 */
function hasOpenRelease(
  app: Pick<TApplication, 'state'> & { collateral?: TCollateralInfo | null },
) {
  const collateral = app.collateral;
  if (collateral == null || collateral.collateralReleaseRequest === null) return false;
  return !isCollateralReleaseReady({
    // The coins a liquidation left are released as after a payoff.
    stage: hasLiquidationRemainder(app) ? 'COLLATERAL_RELEASE' : stageOf(app.state),
    releaseRequest: collateral.collateralReleaseRequest,
    releaseResponses: collateral.collateralReleaseResponses,
  });
}

/**
 * When a paid-off loan's collateral (or what a liquidation left) comes back, with the same date as
 * the release page and the API (the server's `scheduledFor`, or the end of the hold after the
 * payoff); null otherwise.
 */
export function collateralReleaseNote(
  app: Pick<TApplication, 'state'> & { collateral?: TCollateralInfo | null },
  now: Date = new Date(),
): string | null {
  if (app.collateral == null) return null;
  if (app.state !== 'PAID_OFF' && !hasLiquidationRemainder(app)) return null;
  const request = app.collateral.collateralReleaseRequest;
  if (hasOpenRelease(app) && request !== null) {
    return request.scheduledFor !== undefined &&
      isCollateralReleaseScheduled(request.scheduledFor, now)
      ? `Collateral release scheduled for ${localLongDayInWords(request.scheduledFor)}`
      : 'Your collateral release is under way';
  }
  const payoff = app.collateral.payoff;
  if (payoff !== undefined && isCollateralReleaseScheduled(payoff.heldUntil, now)) {
    return `Your crypto is held until ${localLongDayInWords(payoff.heldUntil)} after your payoff`;
  }
  return null;
}

/** Loan documents exist once the disclosures were generated (signing onwards), and for a decline. */
export function hasDocuments(state: TApplicationState): boolean {
  return (
    state === 'DECLINED' ||
    (stageOf(state) !== 'UNINITIALIZED_STATE' && stageOf(state) !== 'APPLYING')
  );
}

/** The application's documents page, or null while it has none. */
export function documentsLink(
  app: Pick<TApplication, 'appUuid' | 'state'>,
): TApplicationLink | null {
  return hasDocuments(app.state)
    ? { label: 'View documents', href: appPath(app.appUuid, 'documents') }
    : null;
}
