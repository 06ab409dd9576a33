import { describe, expect, it } from 'vitest';
import { APPLICATION_STATES, type TApplicationState } from './enums.js';
import {
  collateralPageRedirect,
  completePageRedirect,
  completionTracker,
  isCollateralReceived,
  shouldPollCompletion,
} from './collateral-flow.js';

describe('collateralPageRedirect', () => {
  const expected: Record<TApplicationState, string | null> = {
    CREATED: 'details',
    OFFER_ACCEPTED: 'details',
    ATTACH_PROFILE: 'details',
    SOFT_CREDIT: 'details',
    GEN_APP_DISCLOSURES: 'details',
    SIGN_DOCS: 'next-steps',
    WAITING_FOR_COLLATERAL: null,
    CRYPTO_FUNDING_VERIFY: 'complete',
    BORROWER_MICRO_DEPOSIT_CONFIRM: 'complete',
    MANUAL_FUNDING_RELEASE: 'complete',
    COMPLETE: 'complete',
    PAID_OFF: 'collateral-release',
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
  it.each(APPLICATION_STATES.map((state) => [state, expected[state]] as const))(
    '%s → %s',
    (state, target) => {
      expect(collateralPageRedirect({ state, isRollForward: false })).toBe(target);
    },
  );

  it('sends a renewal still being priced back to its renewal offer', () => {
    expect(collateralPageRedirect({ state: 'CREATED', isRollForward: true })).toBe('renew');
  });
});

describe('completePageRedirect', () => {
  // null: /complete shows the state.
  const expected: Partial<Record<TApplicationState, string | null>> = {
    WAITING_FOR_COLLATERAL: null,
    CRYPTO_FUNDING_VERIFY: null,
    BORROWER_MICRO_DEPOSIT_CONFIRM: null,
    MANUAL_FUNDING_RELEASE: null,
    COMPLETE: null,
    CANCELLED: null,
    CREATED: 'details',
    OFFER_ACCEPTED: 'details',
    SIGN_DOCS: 'next-steps',
    PAID_OFF: 'collateral-release',
    COLLATERAL_RELEASED: 'dashboard',
    DECLINED: 'decline',
    SOFT_CREDIT_NO_MATCH: 'credit-no-match',
    SOFT_CREDIT_LOCKED: 'credit-locked',
    SOFT_CREDIT_FROZEN: 'credit-frozen',
    CELSIUS_TOP_UP_REQUESTED: 'dashboard',
  };

  it.each(Object.entries(expected))('%s → %s', (state, target) => {
    expect(completePageRedirect({ state: state as TApplicationState, isRollForward: false })).toBe(
      target,
    );
  });

  it('never sends a state back to /complete or to /collateral (no redirect loop)', () => {
    for (const state of APPLICATION_STATES) {
      for (const isRollForward of [false, true]) {
        const target = completePageRedirect({ state, isRollForward });
        expect(target).not.toBe('complete');
        if (target === 'collateral') throw new Error(`${state} goes to collateral`);
        const fromCollateral = collateralPageRedirect({ state, isRollForward });
        expect(fromCollateral).not.toBe('collateral');
        if (fromCollateral === 'complete') {
          expect(completePageRedirect({ state, isRollForward })).toBeNull();
        }
      }
    }
  });
});

describe('shouldPollCompletion', () => {
  it.each([
    ['WAITING_FOR_COLLATERAL', true],
    ['CRYPTO_FUNDING_VERIFY', true],
    ['BORROWER_MICRO_DEPOSIT_CONFIRM', true],
    ['MANUAL_FUNDING_RELEASE', true],
    ['COMPLETE', false],
    ['CANCELLED', false],
    ['DECLINED', false],
    ['SIGN_DOCS', false],
  ] as const)('%s → %s', (state, polls) => {
    expect(shouldPollCompletion(state)).toBe(polls);
  });
});

describe('isCollateralReceived', () => {
  const received = new Set<TApplicationState>([
    'CRYPTO_FUNDING_VERIFY',
    'BORROWER_MICRO_DEPOSIT_CONFIRM',
    'MANUAL_FUNDING_RELEASE',
    'COMPLETE',
  ]);
  it.each(APPLICATION_STATES.map((state) => [state, received.has(state)] as const))(
    '%s → %s',
    (state, expected) => {
      expect(isCollateralReceived(state)).toBe(expected);
    },
  );
});

describe('completionTracker', () => {
  const topUp = (coinQuantity: string) => ({ remainingTopUpAmount: { coinQuantity } });

  it.each([
    [
      'domestic, complete',
      { state: 'COMPLETE', isInternational: false },
      ['Application Complete', 'Collateral Received', 'Funds Disbursed'],
      2,
    ],
    [
      'international, complete',
      { state: 'COMPLETE', isInternational: true },
      ['Application Complete', 'Collateral Received', 'Disbursement Verified', 'Funds Disbursed'],
      3,
    ],
    [
      'international, test transfer to confirm',
      { state: 'BORROWER_MICRO_DEPOSIT_CONFIRM', isInternational: true },
      ['Application Complete', 'Collateral Received', 'Disbursement Verified', 'Funds Disbursed'],
      1,
    ],
    [
      'international, funds being released',
      { state: 'MANUAL_FUNDING_RELEASE', isInternational: true },
      ['Application Complete', 'Collateral Received', 'Disbursement Verified', 'Funds Disbursed'],
      2,
    ],
    [
      'domestic, collateral awaited',
      { state: 'WAITING_FOR_COLLATERAL', isInternational: false },
      ['Application Complete', 'Collateral Received', 'Funds Disbursed'],
      0,
    ],
  ] as const)('new loan, %s', (_, input, steps, currentIndex) => {
    expect(
      completionTracker({ ...input, isRollForward: false, rollForwardLoanDetails: null }),
    ).toEqual({ steps, currentIndex });
  });

  it.each([
    ['collateral due, complete', 'COMPLETE', topUp('0.1'), 3, 2],
    ['no collateral due, complete', 'COMPLETE', topUp('0'), 2, 1],
    ['collateral due, funding', 'CRYPTO_FUNDING_VERIFY', topUp('0.1'), 3, 1],
    ['no details, funding', 'MANUAL_FUNDING_RELEASE', null, 2, 1],
    ['collateral due, awaited', 'WAITING_FOR_COLLATERAL', topUp('0.1'), 3, 0],
  ] as const)('renewal, %s', (_, state, details, stepCount, currentIndex) => {
    const tracker = completionTracker({
      state,
      isInternational: true,
      isRollForward: true,
      rollForwardLoanDetails: details,
    });
    expect(tracker.steps).toHaveLength(stepCount);
    expect(tracker.steps.at(-1)).toBe('Loan Renewed');
    expect(tracker.steps.includes('Collateral Received')).toBe(stepCount === 3);
    expect(tracker.currentIndex).toBe(currentIndex);
  });
});
