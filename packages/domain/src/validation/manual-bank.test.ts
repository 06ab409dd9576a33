import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import {
  CONFIRM_MODAL_TITLE,
  MANUAL_BANK_SAVE_FAILED,
  ZManualBankForm,
  isValidRoutingNumber,
} from './manual-bank.js';

describe('isValidRoutingNumber', () => {
  it.each([
    // Real routing numbers: Federal Reserve Bank of Boston, JPMorgan Chase NY, Bank of America,
    // Wells Fargo.
    ['011000015', true],
    ['021000021', true],
    ['026009593', true],
    ['121000248', true],
    ['011000016', false],
    ['021000012', false],
    ['123456789', false],
    ['02100002', false],
    ['0210000210', false],
    ['02100002a', false],
    ['', false],
    ['021-000-021', false],
  ] as const)('%s: %s', (routingNumber, valid) => {
    expect(isValidRoutingNumber(routingNumber)).toBe(valid);
  });
});

const valid = {
  routingNumber: '021000021',
  accountNumber: '000123456789',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

describe('ZManualBankForm', () => {
  it.each([
    [
      'everything missing',
      {},
      {
        routingNumber: ['Please enter a routing number'],
        accountNumber: ['Please enter an account number'],
        firstName: ['Please enter the first name.'],
        lastName: ['Please enter the last name.'],
      },
    ],
    [
      'empty strings',
      { routingNumber: '', accountNumber: '', firstName: ' ', lastName: '' },
      {
        routingNumber: ['Please enter a routing number'],
        accountNumber: ['Please enter an account number'],
        firstName: ['Please enter the first name.'],
        lastName: ['Please enter the last name.'],
      },
    ],
    [
      'a bad checksum',
      { ...valid, routingNumber: '021000022' },
      { routingNumber: ['Invalid routing number'] },
    ],
    [
      '8 routing digits',
      { ...valid, routingNumber: '02100002' },
      { routingNumber: ['Invalid routing number'] },
    ],
    [
      '3 account digits',
      { ...valid, accountNumber: '123' },
      { accountNumber: ['At least 4 digits'] },
    ],
    [
      '18 account digits',
      { ...valid, accountNumber: '1'.repeat(18) },
      { accountNumber: ['Up to 17 digits'] },
    ],
    [
      'letters in the account',
      { ...valid, accountNumber: '1234abcd' },
      { accountNumber: ['Invalid'] },
    ],
    [
      'a dash in the account',
      { ...valid, accountNumber: '1234-5678' },
      { accountNumber: ['Invalid'] },
    ],
    ['4 account digits', { ...valid, accountNumber: '1234' }, {}],
    ['17 account digits', { ...valid, accountNumber: '1'.repeat(17) }, {}],
    ['valid', valid, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZManualBankForm, input)).toEqual(errors);
  });

  it('trims every field', () => {
    expect(
      ZManualBankForm.parse({
        routingNumber: ' 021000021 ',
        accountNumber: ' 1234 ',
        firstName: ' Ada ',
        lastName: ' Lovelace ',
      }),
    ).toEqual({
      routingNumber: '021000021',
      accountNumber: '1234',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('pins the modal title and the save failure', () => {
    expect(CONFIRM_MODAL_TITLE).toBe('Please confirm info');
    expect(MANUAL_BANK_SAVE_FAILED).toBe('Failed to upload manual bank information.');
  });
});
