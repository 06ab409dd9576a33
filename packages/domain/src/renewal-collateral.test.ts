import { describe, expect, it } from 'vitest';
import { isRenewalCollateralDue } from './renewal-collateral.js';

const details = (coinQuantity: string) => ({ remainingTopUpAmount: { coinQuantity } });

describe('isRenewalCollateralDue', () => {
  it.each([
    ['no renewal details', null, false],
    ['nothing remaining', details('0'), false],
    ['zero written with decimals', details('0.00000000'), false],
    ['a satoshi remaining', details('0.00000001'), true],
    ['a whole coin remaining', details('1.5'), true],
  ])('%s → %s', (_label, input, expected) => {
    expect(isRenewalCollateralDue(input)).toBe(expected);
  });
});
