import { describe, expect, it } from 'vitest';
import * as limits from './limits.js';

describe('limits (document 1 §5, §9; document 2 §9)', () => {
  it.each([
    ['DEFAULT_MIN_LOAN_USD_DOMESTIC', 5000],
    ['DEFAULT_MIN_LOAN_USD_INTERNATIONAL', 10000],
    ['DEFAULT_MAX_LOAN_USD', 2_000_000],
    ['MAX_COLLATERAL_DECIMALS', 6],
    ['NUMERIC_INPUT_MAX_DECIMALS', 6],
    ['USD_MAX_DECIMALS', 2],
    ['COIN_DISPLAY_DECIMALS', 4],
    ['COLLATERAL_DISPLAY_DECIMALS', 6],
    ['WALLET_ADDRESS_MAX_LENGTH', 44],
    ['ACCOUNT_NUMBER_MIN_DIGITS', 4],
    ['ACCOUNT_NUMBER_MAX_DIGITS', 17],
    ['ROUTING_NUMBER_DIGITS', 9],
    ['COLLATERAL_DEADLINE_CALENDAR_DAYS', 5],
    ['CREDIT_UNLOCKED_DAYS', 30],
    ['REFI_COMPLETION_CALENDAR_DAYS', 14],
    ['REFI_TOP_UP_TARGET_LTV_PCT', 55],
    ['REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT', 70],
    ['REFI_STABILIZATION_TRIGGER_LTV_PCT', 85],
    ['COLLATERAL_NOT_FOUND_AFTER_HOURS', 24],
    ['DEPOSIT_ADDRESS_DISPLAY_CHARS', 26],
    ['MIN_BORROWER_AGE_YEARS', 18],
    ['COLLATERAL_RETURN_BUSINESS_DAYS', 1],
    ['CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS', 21],
    ['CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS', 3],
    ['EMAIL_MAX_LENGTH', 254],
    ['EMAIL_LOCAL_PART_MAX_LENGTH', 64],
    ['RETURN_ADDRESS_MAX_LENGTH', 90],
  ] as const)('%s = %i', (name, expected) => {
    expect(limits[name]).toBe(expected);
  });

  it.each([
    ['MICRO_TRANSFER_BUSINESS_DAYS', { min: 1, max: 3 }],
    ['ACH_FUNDS_BUSINESS_DAYS', { min: 3, max: 5 }],
    ['DISBURSEMENT_AFTER_VERIFY_BUSINESS_DAYS', { min: 1, max: 3 }],
  ] as const)('%s is %o business days', (name, expected) => {
    expect(limits[name]).toEqual(expected);
  });

  it('keeps each amount range and LTV ladder in order', () => {
    expect(limits.DEFAULT_MIN_LOAN_USD_DOMESTIC).toBeLessThan(limits.DEFAULT_MAX_LOAN_USD);
    expect(limits.DEFAULT_MIN_LOAN_USD_INTERNATIONAL).toBeLessThan(limits.DEFAULT_MAX_LOAN_USD);
    expect(limits.ACCOUNT_NUMBER_MIN_DIGITS).toBeLessThan(limits.ACCOUNT_NUMBER_MAX_DIGITS);
    expect(limits.REFI_TOP_UP_TARGET_LTV_PCT).toBeLessThan(
      limits.REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT,
    );
    expect(limits.REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT).toBeLessThan(
      limits.REFI_STABILIZATION_TRIGGER_LTV_PCT,
    );
  });
});
