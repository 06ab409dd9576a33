import { describe, expect, it } from 'vitest';
import {
  loanPaymentMethods,
  loanPaymentReference,
  PAYMENT_METHOD_MESSAGES,
} from './payment-methods.js';

describe('loanPaymentMethods', () => {
  it.each([
    // isOpen, hasDebitAccount, hasWireInstructions → ACH, autopay, wire
    [true, true, true, true, true, true],
    [true, false, true, false, false, true],
    [true, true, false, true, true, false],
    [true, false, false, false, false, false],
    [false, true, true, false, false, false],
  ])(
    'open %s, bank account %s, wire details %s → ACH %s, autopay %s, wire %s',
    (isOpen, hasDebitAccount, hasWireInstructions, ach, autopay, wire) => {
      expect(loanPaymentMethods({ isOpen, hasDebitAccount, hasWireInstructions })).toEqual({
        canPayByAch: ach,
        canUseAutopay: autopay,
        canPayByWire: wire,
      });
    },
  );
});

describe('loanPaymentReference', () => {
  it('is the loan id without dashes, upper case, after PL, on one wire line', () => {
    const reference = loanPaymentReference('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d');
    expect(reference).toBe('PL9A8B7C6D5E4F4A3B8C2D1E0F9A8B7C6D');
    expect(reference.length).toBeLessThanOrEqual(35);
  });

  it('refuses what is not a loan id', () => {
    expect(() => loanPaymentReference('not-a-uuid')).toThrow(RangeError);
  });

  it('tells the borrower the reference to quote when there is no account to debit', () => {
    expect(PAYMENT_METHOD_MESSAGES.noDebitAccount('PL00')).toContain('quote the reference PL00');
  });
});
