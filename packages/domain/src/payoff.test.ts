import { describe, expect, it } from 'vitest';
import type { TApplicationState, TStage } from './enums.js';
import {
  COLLATERAL_RELEASE_HOLD_MESSAGES,
  collateralHeldUntil,
  collateralHoldDays,
  collateralReleaseHold,
  collateralReleasePageRedirect,
  PAYOFF_METHOD_LABELS,
  PAYOFF_METHODS,
  payoffPendingNotice,
  reopenedLoanStatus,
  reversalReopensLoan,
  type TCollateralReleaseHold,
  type TPayoffMethod,
} from './payoff.js';
import type { TLoanStatusName } from './renewal.js';

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

describe('money in flight at payoff (issue 33)', () => {
  it.each<[string, boolean, number, TCollateralReleaseHold | null]>([
    ['the payoff debit pending', true, 2_020_000, 'PAYOFF_NOT_SETTLED'],
    ['the payoff debit pending, nothing else', true, 0, 'PAYOFF_NOT_SETTLED'],
    ['an earlier payment pending', false, 100_002, 'PAYMENTS_NOT_SETTLED'],
    ['a cent pending', false, 1, 'PAYMENTS_NOT_SETTLED'],
    ['every debit settled', false, 0, null],
  ])('a release with %s is held: %s', (_name, isPayoffDebitPending, pendingDebitsCents, hold) => {
    expect(collateralReleaseHold({ isPayoffDebitPending, pendingDebitsCents })).toBe(hold);
  });

  it('says why a release waits, in words', () => {
    expect(COLLATERAL_RELEASE_HOLD_MESSAGES.PAYOFF_NOT_SETTLED).toMatch(/^Your payoff by bank/);
    expect(COLLATERAL_RELEASE_HOLD_MESSAGES.PAYMENTS_NOT_SETTLED).toMatch(
      /payment by bank transfer \(ACH\) on this loan has not settled yet/,
    );
  });

  it('tells the borrower what a quote counts that the bank may still return', () => {
    expect(payoffPendingNotice(0)).toBeNull();
    expect(payoffPendingNotice(100_002)).toBe(
      'This amount counts $1,000.02 of payments your bank has not settled yet. If your bank returns one, that amount is owed again and your loan reopens; your collateral is returned only once every payment has settled.',
    );
  });

  it.each<[TLoanStatusName, number, boolean]>([
    ['PAID_OFF', 100_002, true],
    ['PAID_OFF', 1, true],
    // The payment's journal was already reversed, or it paid nothing: nothing owed, still closed.
    ['PAID_OFF', 0, false],
    // An open loan simply owes more; a renewed one was settled by its renewal.
    ['ACTIVE', 100_002, false],
    ['MATURED', 100_002, false],
    ['RENEWED', 100_002, false],
  ])('a reversal on a %s loan leaving %i cents owed reopens it: %s', (status, owed, reopens) => {
    expect(reversalReopensLoan({ status, totalCentsAfter: owed })).toBe(reopens);
  });

  it.each([
    ['2026-06-30', '2026-06-29', 'ACTIVE'],
    ['2026-06-30', '2026-06-30', 'MATURED'],
    ['2026-06-30', '2026-07-15', 'MATURED'],
  ] as const)('a loan maturing %s reopened on %s is %s', (maturity, today, status) => {
    expect(reopenedLoanStatus(maturity, today)).toBe(status);
  });
});
