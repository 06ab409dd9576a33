import { describe, expect, it } from 'vitest';
import { COLLATERAL_TYPES } from '../enums.js';
import { countDecimals, toCoinQuantity } from '../money.js';
import { MAX_COLLATERAL_DECIMALS } from './limits.js';
import {
  MICRO_DEPOSIT_MIN_VERIFY_COINS,
  MICRO_DEPOSIT_STATUS_POLL_MS,
  USDC_TEST_TRANSFER_AMOUNT,
} from './collateral.js';

describe('MICRO_DEPOSIT_MIN_VERIFY_COINS', () => {
  it.each([
    ['BTC', '0.0001'],
    ['ETH', '0.001'],
    ['SOL', '0.01'],
  ] as const)('%s needs a test deposit of at least %s', (type, minimum) => {
    expect(MICRO_DEPOSIT_MIN_VERIFY_COINS[type]).toBe(minimum);
  });

  it.each(COLLATERAL_TYPES)(
    '%s: a positive coin quantity within the collateral precision',
    (type) => {
      const minimum = MICRO_DEPOSIT_MIN_VERIFY_COINS[type];
      expect(toCoinQuantity(minimum).greaterThan(0)).toBe(true);
      expect(countDecimals(minimum)).toBeLessThanOrEqual(MAX_COLLATERAL_DECIMALS);
    },
  );
});

describe('USDC_TEST_TRANSFER_AMOUNT', () => {
  it('is one dollar of USDC, with cents', () => {
    expect(USDC_TEST_TRANSFER_AMOUNT).toBe('1.00');
    expect(USDC_TEST_TRANSFER_AMOUNT).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('MICRO_DEPOSIT_STATUS_POLL_MS', () => {
  it('polls every 3 s', () => {
    expect(MICRO_DEPOSIT_STATUS_POLL_MS).toBe(3000);
  });
});
