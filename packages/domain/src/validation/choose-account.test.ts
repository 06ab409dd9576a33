import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import { ZChooseAccountForm } from './choose-account.js';

describe('ZChooseAccountForm', () => {
  it.each([
    ['nothing selected', {}, { plaidAccountId: ['Please select an account.'] }],
    [
      'an empty selection',
      { plaidAccountId: '' },
      { plaidAccountId: ['Please select an account.'] },
    ],
    [
      'a number instead of an id',
      { plaidAccountId: 7 },
      { plaidAccountId: ['Please select an account.'] },
    ],
    ['an account', { plaidAccountId: 'acc_123' }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZChooseAccountForm, input)).toEqual(errors);
  });
});
