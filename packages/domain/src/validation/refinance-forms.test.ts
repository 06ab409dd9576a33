import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import {
  NO_ELIGIBLE_LOANS_MESSAGE,
  ZCelsiusLoanIdForm,
  ZRefiOfferForm,
  formatLoanLookupErrors,
} from './refinance-forms.js';

describe('ZRefiOfferForm', () => {
  it.each([
    [
      'nothing chosen',
      {},
      { applicationUuid: ['Please select a loan'], offerUuid: ['Please select a rate'] },
    ],
    [
      'no rate',
      { applicationUuid: 'app-1', offerUuid: '' },
      { offerUuid: ['Please select a rate'] },
    ],
    [
      'no loan',
      { applicationUuid: ' ', offerUuid: 'offer-1' },
      { applicationUuid: ['Please select a loan'] },
    ],
    [
      'stabilization not a boolean',
      { applicationUuid: 'app-1', offerUuid: 'offer-1', stabilization: 'yes' },
      {
        stabilization: ['Invalid input: expected boolean, received string'],
      },
    ],
    ['a loan and a rate', { applicationUuid: 'app-1', offerUuid: 'offer-1' }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZRefiOfferForm, input)).toEqual(errors);
  });

  it.each([
    [undefined, false],
    [true, true],
    [false, false],
  ] as const)('stabilization %s → %s', (stabilization, expected) => {
    expect(
      ZRefiOfferForm.parse({ applicationUuid: 'a', offerUuid: 'o', stabilization }).stabilization,
    ).toBe(expected);
  });
});

describe('ZCelsiusLoanIdForm', () => {
  it.each([
    ['missing', {}, { celsiusLoanId: ['Please enter a Celsius Loan ID'] }],
    ['blank', { celsiusLoanId: '  ' }, { celsiusLoanId: ['Please enter a Celsius Loan ID'] }],
    ['an id', { celsiusLoanId: ' 12345 ' }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZCelsiusLoanIdForm, input)).toEqual(errors);
  });
});

describe('formatLoanLookupErrors', () => {
  it.each([
    [['Loan not found'], 'Loan not found.'],
    [
      ['Loan not found', 'Loan not found', 'State not supported'],
      'Loan not found, State not supported.',
    ],
    [['Already refinanced.', 'Already refinanced'], 'Already refinanced.'],
    [[], ''],
    [['  '], ''],
  ] as const)('%o → %s', (messages, text) => {
    expect(formatLoanLookupErrors(messages)).toBe(text);
  });

  it('pins the no-loans text', () => {
    expect(NO_ELIGIBLE_LOANS_MESSAGE).toBe('You have no eligible loans');
  });
});
