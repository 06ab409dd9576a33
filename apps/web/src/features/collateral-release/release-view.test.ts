import { describe, expect, it } from 'vitest';
import type { TCollateralReleaseResponse, TPostCollateralReleaseResponse } from '@pledge/contract';
import type { TWithdrawalResult } from '@pledge/domain';
import { makeCollateralInfo } from '../collateral/collateral-test-data.js';
import {
  releasableAmount,
  releasePageRedirect,
  releaseStageOf,
  releaseStatusOf,
  releaseView,
} from './release-view.js';

const REQUEST = {
  requestId: '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};

function withRequest(responses: TCollateralReleaseResponse[]) {
  return makeCollateralInfo({
    collateralReleaseRequest: REQUEST,
    collateralReleaseResponses: responses,
  });
}

function answer(result: TWithdrawalResult): TPostCollateralReleaseResponse {
  return {
    collateralReleaseRequest: REQUEST,
    collateralReleaseResponse: { id: REQUEST.requestId, result },
  };
}

describe('releaseStatusOf', () => {
  it.each<[TWithdrawalResult | null, string | null]>([
    ['SUCCESS', 'onItsWay'],
    ['DUPLICATE_REQUEST', 'onItsWay'],
    ['PENDING_TRANSACTIONS', 'pending'],
    ['NO_COLLATERAL', 'noCollateral'],
    ['INVALID_ADDRESS', 'invalidAddress'],
    [null, 'processing'],
    ['WITHDRAWAL_FAILED', null],
  ])('%s → %s', (result, expected) => {
    expect(releaseStatusOf(result)).toBe(expected);
  });
});

describe('releaseView', () => {
  const stage = 'COLLATERAL_RELEASE' as const;

  it.each<[string, ReturnType<typeof withRequest>, object]>([
    ['no request: the form', makeCollateralInfo(), { kind: 'form', lastReleaseFailed: false }],
    [
      'a failed request: the form again, saying so',
      withRequest([{ id: REQUEST.requestId, result: 'WITHDRAWAL_FAILED' }]),
      { kind: 'form', lastReleaseFailed: true },
    ],
    [
      'a request without an answer: processing',
      withRequest([]),
      { kind: 'status', status: 'processing', request: REQUEST },
    ],
    [
      'an accepted request: on its way',
      withRequest([{ id: REQUEST.requestId, result: 'SUCCESS' }]),
      { kind: 'status', status: 'onItsWay', request: REQUEST },
    ],
    [
      'no collateral: says so',
      withRequest([{ id: REQUEST.requestId, result: 'NO_COLLATERAL' }]),
      { kind: 'status', status: 'noCollateral', request: REQUEST },
    ],
  ])('%s', (_, collateral, expected) => {
    expect(releaseView({ stage, collateral, answer: null })).toEqual(expected);
  });

  it.each<[TWithdrawalResult, object]>([
    ['SUCCESS', { kind: 'status', status: 'onItsWay', request: REQUEST }],
    ['DUPLICATE_REQUEST', { kind: 'status', status: 'onItsWay', request: REQUEST }],
    ['PENDING_TRANSACTIONS', { kind: 'status', status: 'pending', request: REQUEST }],
    ['NO_COLLATERAL', { kind: 'status', status: 'noCollateral', request: REQUEST }],
    ['WITHDRAWAL_FAILED', { kind: 'form', lastReleaseFailed: true }],
  ])('an answer %s on the page wins over the collateral loaded before', (result, expected) => {
    expect(
      releaseView({ stage, collateral: makeCollateralInfo(), answer: answer(result) }),
    ).toEqual(expected);
  });
});

describe('the hold after the payoff', () => {
  const stage = 'COLLATERAL_RELEASE' as const;
  const now = new Date('2026-03-02T12:00:00.000Z');
  const scheduled = { ...REQUEST, scheduledFor: '2026-03-05T10:00:00.000Z' };

  it('shows an accepted release inside the hold as scheduled, not on its way', () => {
    const fresh = releaseView({
      stage,
      collateral: makeCollateralInfo(),
      answer: {
        collateralReleaseRequest: scheduled,
        collateralReleaseResponse: { id: REQUEST.requestId, result: 'SUCCESS' },
      },
      now,
    });
    expect(fresh).toEqual({ kind: 'status', status: 'scheduled', request: scheduled });
    const reloaded = releaseView({
      stage,
      collateral: makeCollateralInfo({
        collateralReleaseRequest: scheduled,
        collateralReleaseResponses: [{ id: REQUEST.requestId, result: 'SUCCESS' }],
      }),
      answer: null,
      now,
    });
    expect(reloaded).toEqual({ kind: 'status', status: 'scheduled', request: scheduled });
  });

  it('shows it on its way once the hold is over', () => {
    const view = releaseView({
      stage,
      collateral: makeCollateralInfo({
        collateralReleaseRequest: scheduled,
        collateralReleaseResponses: [{ id: REQUEST.requestId, result: 'SUCCESS' }],
      }),
      answer: null,
      now: new Date('2026-03-06T00:00:00.000Z'),
    });
    expect(view).toMatchObject({ kind: 'status', status: 'onItsWay' });
  });
});

describe('a loan a liquidation closed with coins left', () => {
  const left = { coinQuantity: '0.15', type: 'BTC' as const };
  const liquidated = makeCollateralInfo({ liquidationRemainder: left });

  it('is served by the page in COMPLETE; without a remainder COMPLETE goes to its entry', () => {
    const complete = { state: 'COMPLETE', stage: 'FINAL', isRollForward: false } as const;
    expect(releasePageRedirect({ ...complete, collateral: liquidated })).toBeNull();
    expect(releasePageRedirect({ ...complete, collateral: makeCollateralInfo() })).toBe('complete');
    expect(releasePageRedirect({ ...complete, collateral: null })).toBe('complete');
    expect(
      releasePageRedirect({
        state: 'PAID_OFF',
        stage: 'COLLATERAL_RELEASE',
        isRollForward: false,
        collateral: null,
      }),
    ).toBeNull();
  });

  it('is released as after a payoff: the form, then the standing request', () => {
    expect(releaseStageOf('FINAL', liquidated)).toBe('COLLATERAL_RELEASE');
    expect(releaseStageOf('FINAL', makeCollateralInfo())).toBe('FINAL');
    expect(releaseView({ stage: 'FINAL', collateral: liquidated, answer: null })).toEqual({
      kind: 'form',
      lastReleaseFailed: false,
    });
    // After a failed release the form is back, as after a payoff; not for a loan with nothing left.
    const failed = {
      collateralReleaseRequest: REQUEST,
      collateralReleaseResponses: [{ id: REQUEST.requestId, result: 'WITHDRAWAL_FAILED' as const }],
    };
    expect(
      releaseView({
        stage: 'FINAL',
        collateral: makeCollateralInfo({ ...failed, liquidationRemainder: left }),
        answer: null,
      }),
    ).toEqual({ kind: 'form', lastReleaseFailed: true });
    expect(
      releaseView({ stage: 'FINAL', collateral: makeCollateralInfo(failed), answer: null }).kind,
    ).toBe('status');
    const requested = makeCollateralInfo({
      liquidationRemainder: left,
      collateralReleaseRequest: REQUEST,
      collateralReleaseResponses: [{ id: REQUEST.requestId, result: 'SUCCESS' }],
    });
    expect(releaseView({ stage: 'FINAL', collateral: requested, answer: null })).toEqual({
      kind: 'status',
      status: 'onItsWay',
      request: REQUEST,
    });
  });

  it('sends the coins left, not the deposits', () => {
    expect(releasableAmount(liquidated)).toEqual(left);
    expect(releasableAmount(makeCollateralInfo())).toEqual({ coinQuantity: '0', type: 'BTC' });
  });
});
