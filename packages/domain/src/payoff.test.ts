import { describe, expect, it } from 'vitest';
import type { TApplicationState, TStage } from './enums.js';
import {
  collateralHeldUntil,
  collateralHoldDays,
  collateralReleasePageRedirect,
  PAYOFF_METHOD_LABELS,
  PAYOFF_METHODS,
  type TPayoffMethod,
} from './payoff.js';

describe('payoff methods', () => {
  it('are ACH and wire', () => {
    expect(PAYOFF_METHODS).toEqual(['ACH', 'WIRE']);
    expect(PAYOFF_METHOD_LABELS).toEqual({ ACH: 'ACH', WIRE: 'Wire' });
  });
});

describe('collateral hold after a payoff (document 1 §9)', () => {
  it.each<[TPayoffMethod, number, string]>([
    ['ACH', 21, '2025-03-22T10:00:00.000Z'],
    ['WIRE', 3, '2025-03-04T10:00:00.000Z'],
  ])('%s: held %i days, until %s', (method, days, until) => {
    expect(collateralHoldDays(method)).toBe(days);
    expect(collateralHeldUntil('2025-03-01T10:00:00.000Z', method).toISOString()).toBe(until);
    expect(collateralHeldUntil(new Date('2025-03-01T10:00:00.000Z'), method).toISOString()).toBe(
      until,
    );
  });
});

describe('collateralReleasePageRedirect', () => {
  it.each<[TApplicationState, TStage, boolean, string | null]>([
    ['PAID_OFF', 'COLLATERAL_RELEASE', false, null],
    ['PAID_OFF', 'COLLATERAL_RELEASE', true, null],
    ['PAID_OFF', 'UNINITIALIZED_STATE', false, null],
    ['COMPLETE', 'FINAL', false, 'complete'],
    ['WAITING_FOR_COLLATERAL', 'PROCESSING', false, 'next-steps'],
    ['COLLATERAL_RELEASED', 'FINAL', false, 'dashboard'],
    ['CANCELLED', 'FINAL', false, 'dashboard'],
    ['DECLINED', 'APPLYING', false, 'decline'],
    ['CREATED', 'UNINITIALIZED_STATE', true, 'renew'],
  ])('%s (%s, renewal %s) → %s', (state, stage, isRollForward, expected) => {
    expect(collateralReleasePageRedirect({ state, stage, isRollForward })).toBe(expected);
  });
});
