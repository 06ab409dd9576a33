import { describe, expect, it } from 'vitest';
import { APPLICATION_STATES, type TApplicationState } from './enums.js';
import {
  newLoanTrackerIndex,
  newLoanTrackerSteps,
  renewalTrackerIndex,
  renewalTrackerSteps,
} from './tracker.js';

type TIndexBySituation = Partial<Record<TApplicationState, readonly [number, number]>>;

/** Every state with the flag off and on, at the index `special` gives it (the first step else). */
function indexCases(special: TIndexBySituation) {
  return APPLICATION_STATES.flatMap((state) =>
    [false, true].map((flag) => [state, flag, special[state]?.[flag ? 1 : 0] ?? 0] as const),
  );
}

describe('newLoanTrackerSteps', () => {
  it.each([
    [false, ['Application Complete', 'Collateral Received', 'Funds Disbursed']],
    [
      true,
      ['Application Complete', 'Collateral Received', 'Disbursement Verified', 'Funds Disbursed'],
    ],
  ] as const)('international %s → %o', (isInternational, steps) => {
    expect(newLoanTrackerSteps(isInternational)).toEqual(steps);
  });
});

describe('newLoanTrackerIndex', () => {
  const special: TIndexBySituation = {
    // [domestic, international]
    COMPLETE: [2, 3],
    MANUAL_FUNDING_RELEASE: [1, 2],
    CRYPTO_FUNDING_VERIFY: [1, 1],
    BORROWER_MICRO_DEPOSIT_CONFIRM: [1, 1],
  };
  it.each(indexCases(special))('%s (international %s) → %i', (state, isInternational, index) => {
    expect(newLoanTrackerIndex(state, isInternational)).toBe(index);
  });

  it('points inside the step list', () => {
    for (const isInternational of [false, true]) {
      for (const state of APPLICATION_STATES) {
        expect(newLoanTrackerIndex(state, isInternational)).toBeLessThan(
          newLoanTrackerSteps(isInternational).length,
        );
      }
    }
  });
});

describe('renewalTrackerSteps', () => {
  it.each([
    [true, ['Application Complete', 'Collateral Received', 'Loan Renewed']],
    [false, ['Application Complete', 'Loan Renewed']],
  ] as const)('collateral due %s → %o', (collateralDue, steps) => {
    expect(renewalTrackerSteps(collateralDue)).toEqual(steps);
  });
});

describe('renewalTrackerIndex', () => {
  const special: TIndexBySituation = {
    // [no collateral due, collateral due]
    COMPLETE: [1, 2],
    CRYPTO_FUNDING_VERIFY: [1, 1],
    BORROWER_MICRO_DEPOSIT_CONFIRM: [1, 1],
    MANUAL_FUNDING_RELEASE: [1, 1],
  };
  it.each(indexCases(special))('%s (collateral due %s) → %i', (state, collateralDue, index) => {
    expect(renewalTrackerIndex(state, collateralDue)).toBe(index);
  });
});
