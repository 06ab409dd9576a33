import { describe, expect, it } from 'vitest';
import type { TCollateralReleaseResponse, TPostCollateralReleaseResponse } from '@pledge/contract';
import type { TWithdrawalResult } from '@pledge/domain';
import { makeCollateralInfo } from '../collateral/collateral-test-data.js';
import { releaseStatusOf, releaseView } from './release-view.js';

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
