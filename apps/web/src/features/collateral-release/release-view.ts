/**
 * What the collateral-release page shows: the return-address form while a release can be asked
 * for (the domain's isCollateralReleaseReady), otherwise the standing request and how it stands.
 * An answer the page has just received wins over the collateral loaded before it.
 */
import type {
  TApplication,
  TCoinAmount,
  TCollateralInfo,
  TCollateralReleaseRequest,
  TPostCollateralReleaseResponse,
} from '@pledge/contract';
import {
  collateralReleasePageRedirect,
  isCollateralReleaseReady,
  isCollateralReleaseScheduled,
  type TStage,
  type TWithdrawalResult,
} from '@pledge/domain';
import type { STATUS_TITLES } from './release-texts.js';

export type TReleaseStatusKind = keyof typeof STATUS_TITLES;

/**
 * Where the page sends an application it does not serve; null when it serves it: a paid-off loan
 * (stage COLLATERAL_RELEASE), or a loan a liquidation closed with nothing owed and coins left to
 * return (its collateral carries the remainder), which is released the same way.
 */
export function releasePageRedirect(
  application: Pick<TApplication, 'state' | 'stage' | 'isRollForward' | 'collateral'>,
): ReturnType<typeof collateralReleasePageRedirect> {
  if (application.collateral?.liquidationRemainder !== undefined) return null;
  return collateralReleasePageRedirect(application);
}

/** The stage the release follows: a liquidated loan's remainder is released as after a payoff. */
export function releaseStageOf(stage: TStage, collateral: TCollateralInfo): TStage {
  return collateral.liquidationRemainder === undefined ? stage : 'COLLATERAL_RELEASE';
}

/** The coins the release sends: what a liquidation left, else the deposits' balance. */
export function releasableAmount(collateral: TCollateralInfo): TCoinAmount {
  return (
    collateral.liquidationRemainder ??
    collateral.wallet?.currentTotalCoinBalance ?? {
      coinQuantity: '0',
      type: collateral.requiredCoinAmount.type,
    }
  );
}

export type TReleaseView =
  | { kind: 'form'; lastReleaseFailed: boolean }
  | { kind: 'status'; status: TReleaseStatusKind; request: TCollateralReleaseRequest };

/** How a request stands by its answer; null for WITHDRAWAL_FAILED, after which the form is back. */
export function releaseStatusOf(result: TWithdrawalResult | null): TReleaseStatusKind | null {
  switch (result) {
    case 'SUCCESS':
    case 'DUPLICATE_REQUEST':
      return 'onItsWay';
    case 'PENDING_TRANSACTIONS':
      return 'pending';
    case 'NO_COLLATERAL':
      return 'noCollateral';
    case 'INVALID_ADDRESS':
      return 'invalidAddress';
    case null:
      return 'processing';
    case 'WITHDRAWAL_FAILED':
      return null;
  }
}

/** An accepted release still inside the hold after the payoff is scheduled, not on its way. */
function withHold(
  status: TReleaseStatusKind,
  request: TCollateralReleaseRequest,
  now: Date,
): TReleaseStatusKind {
  return status === 'onItsWay' &&
    request.scheduledFor !== undefined &&
    isCollateralReleaseScheduled(request.scheduledFor, now)
    ? 'scheduled'
    : status;
}

export function releaseView(input: {
  stage: TStage;
  collateral: TCollateralInfo;
  /** The answer of a release asked for on this page, if any. */
  answer: TPostCollateralReleaseResponse | null;
  /** Now, for the hold after the payoff; the current time by default. */
  now?: Date;
}): TReleaseView {
  const { answer, collateral } = input;
  const now = input.now ?? new Date();
  const answered =
    answer === null ? null : releaseStatusOf(answer.collateralReleaseResponse.result);
  if (answer !== null && answered !== null && answered !== 'invalidAddress') {
    const request = answer.collateralReleaseRequest;
    return { kind: 'status', status: withHold(answered, request, now), request };
  }
  const request = collateral.collateralReleaseRequest;
  const ready = isCollateralReleaseReady({
    stage: releaseStageOf(input.stage, collateral),
    releaseRequest: request,
    releaseResponses: collateral.collateralReleaseResponses,
  });
  if (ready || request === null) {
    return {
      kind: 'form',
      lastReleaseFailed:
        request !== null || answer?.collateralReleaseResponse.result === 'WITHDRAWAL_FAILED',
    };
  }
  const response = collateral.collateralReleaseResponses.find(
    (candidate) => candidate.id === request.requestId,
  );
  const status = releaseStatusOf(response?.result ?? null) ?? 'processing';
  return { kind: 'status', status: withHold(status, request, now), request };
}
