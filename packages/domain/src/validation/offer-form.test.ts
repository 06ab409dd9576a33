import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import {
  OFFER_MESSAGES,
  formatLoanLimit,
  isHighCollateralPledge,
  makeOfferFormSchema,
  needsAdditionalCollateral,
  renewalOfferWarnings,
} from './offer-form.js';

const newLoan = makeOfferFormSchema({
  minLoanUsd: 5001,
  maxLoanUsd: 2_000_000,
  minCoinQuantity: { BTC: '0.1', ETH: '2.5' },
});
const renewal = makeOfferFormSchema({
  minLoanUsd: 5001,
  maxLoanUsd: 2_000_000,
  minCoinQuantity: { BTC: '0.1', ETH: '2.5' },
  isRenewal: true,
});

const valid = { cashToBorrow: '10,000', collateralAmount: '0.5', collateralType: 'BTC' };

describe('makeOfferFormSchema: new loan', () => {
  it.each([
    [
      'everything missing',
      {},
      {
        cashToBorrow: ['Enter an amount'],
        collateralAmount: ['Enter an Amount'],
        collateralType: ['Select a collateral type'],
      },
    ],
    ['empty cash', { ...valid, cashToBorrow: '' }, { cashToBorrow: ['Enter an amount'] }],
    ['cash not a number', { ...valid, cashToBorrow: 'ten' }, { cashToBorrow: ['Enter an amount'] }],
    ['negative cash', { ...valid, cashToBorrow: '-6000' }, { cashToBorrow: ['Enter an amount'] }],
    [
      'cash below the minimum',
      { ...valid, cashToBorrow: '5,000' },
      { cashToBorrow: ['Amount minimum is $5,001'] },
    ],
    [
      'cash above the maximum',
      { ...valid, cashToBorrow: '2,000,000.01' },
      {
        cashToBorrow: ['Amount maximum is $2,000,000'],
      },
    ],
    [
      'empty collateral',
      { ...valid, collateralAmount: '' },
      { collateralAmount: ['Enter an Amount'] },
    ],
    [
      'collateral not a number',
      { ...valid, collateralAmount: 'half' },
      { collateralAmount: ['Enter an Amount'] },
    ],
    [
      'zero collateral',
      { ...valid, collateralAmount: '0' },
      { collateralAmount: ['Enter an Amount'] },
    ],
    [
      '7 decimals',
      { ...valid, collateralAmount: '0.1234567' },
      {
        collateralAmount: ['Maximum of 6 decimal places.'],
      },
    ],
    [
      'below the BTC minimum',
      { ...valid, collateralAmount: '0.099999' },
      { collateralAmount: ['Min. 0.1 BTC'] },
    ],
    [
      'below the ETH minimum',
      { ...valid, collateralType: 'ETH', collateralAmount: '2' },
      {
        collateralAmount: ['Min. 2.5 ETH'],
      },
    ],
    [
      'an unsupported type',
      { ...valid, collateralType: 'SOL' },
      { collateralType: ['Select a collateral type'] },
    ],
    [
      'wrong cash and low collateral at once',
      { ...valid, cashToBorrow: '', collateralAmount: '0.01' },
      {
        cashToBorrow: ['Enter an amount'],
        collateralAmount: ['Min. 0.1 BTC'],
      },
    ],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(newLoan, input)).toEqual(errors);
  });

  it.each([
    ['10,000', 1_000_000],
    ['5001', 500_100],
    ['2,000,000', 200_000_000],
    ['12,345.67', 1_234_567],
    [25000, 2_500_000],
  ] as const)('reads cash %o as %i cents', (cashToBorrow, cents) => {
    expect(newLoan.parse({ ...valid, cashToBorrow }).cashToBorrow).toBe(cents);
  });

  it.each([
    ['0.500000', '0.5'],
    ['0.1', '0.1'],
    ['12', '12'],
    ['0.123456', '0.123456'],
  ] as const)('reads collateral %s exactly as %s', (collateralAmount, quantity) => {
    expect(newLoan.parse({ ...valid, collateralAmount }).collateralAmount).toBe(quantity);
  });

  it('takes one minimum coin quantity for every type', () => {
    const schema = makeOfferFormSchema({
      minLoanUsd: 5000,
      maxLoanUsd: 10000,
      minCoinQuantity: '1',
    });
    expect(fieldErrorsOf(schema, { ...valid, collateralAmount: '0.5' })).toEqual({
      collateralAmount: ['Min. 1 BTC'],
    });
  });

  it('prints a limit with cents when it has them', () => {
    const schema = makeOfferFormSchema({ minLoanUsd: 5000.5, maxLoanUsd: 9999.99 });
    expect(fieldErrorsOf(schema, { ...valid, cashToBorrow: '5000' })).toEqual({
      cashToBorrow: ['Amount minimum is $5,000.50'],
    });
    expect(fieldErrorsOf(schema, { ...valid, cashToBorrow: '10000' })).toEqual({
      cashToBorrow: ['Amount maximum is $9,999.99'],
    });
  });
});

describe('makeOfferFormSchema: values that are not typed text', () => {
  it('takes finite numbers as their text', () => {
    expect(newLoan.parse({ ...valid, cashToBorrow: 10_000.5, collateralAmount: 0.5 })).toEqual({
      cashToBorrow: 1_000_050,
      collateralAmount: '0.5',
      collateralType: 'BTC',
    });
  });

  it.each([null, true, [], {}, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    "refuses %s with each field's own message",
    (value) => {
      expect(
        fieldErrorsOf(newLoan, { ...valid, cashToBorrow: value, collateralAmount: value }),
      ).toEqual({
        cashToBorrow: [OFFER_MESSAGES.cashRequired],
        collateralAmount: [OFFER_MESSAGES.collateralRequired],
      });
    },
  );
});

describe('makeOfferFormSchema: renewal', () => {
  it('requires neither cash nor collateral', () => {
    expect(
      renewal.parse({ cashToBorrow: '', collateralAmount: '', collateralType: 'ETH' }),
    ).toEqual({
      cashToBorrow: null,
      collateralAmount: null,
      collateralType: 'ETH',
    });
  });

  it.each([
    [
      'additional collateral below the new-loan minimum',
      { cashToBorrow: '', collateralAmount: '0.01', collateralType: 'BTC' },
      {},
    ],
    [
      'cash under the residence minimum (it is the current loan)',
      { cashToBorrow: '1,000', collateralAmount: '', collateralType: 'BTC' },
      {},
    ],
    [
      'additional collateral with 7 decimals',
      { cashToBorrow: '', collateralAmount: '0.0000001', collateralType: 'BTC' },
      {
        collateralAmount: ['Maximum of 6 decimal places.'],
      },
    ],
    [
      'additional collateral not a number',
      { cashToBorrow: '', collateralAmount: 'x', collateralType: 'BTC' },
      {
        collateralAmount: ['Enter an Amount'],
      },
    ],
    [
      'collateral type missing',
      { cashToBorrow: '', collateralAmount: '' },
      {
        collateralType: ['Select a collateral type'],
      },
    ],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(renewal, input)).toEqual(errors);
  });
});

describe('OFFER_MESSAGES', () => {
  it('holds the renewal texts verbatim', () => {
    expect(OFFER_MESSAGES.noNewFunds).toBe('No new funds will be disbursed');
    expect(OFFER_MESSAGES.highCollateralWarning).toBe(
      'This collateral amount is higher than what other borrowers typically pledge for similar sized loans.',
    );
    expect(OFFER_MESSAGES.additionalCollateralWarning).toBe(
      'Additional collateral is required to be eligible for an offer at the current cash to borrow amount.',
    );
  });
});

describe('formatLoanLimit', () => {
  it.each([
    [5001, '$5,001'],
    [250001, '$250,001'],
    [2_000_000, '$2,000,000'],
    [5000.5, '$5,000.50'],
  ] as const)('%d → %s', (usd, text) => {
    expect(formatLoanLimit(usd)).toBe(text);
  });
});

describe('renewal warnings', () => {
  it.each([
    ['19.99', true],
    [19, true],
    ['20', false],
    [50, false],
  ] as const)('initial LTV %s%% is a high pledge: %s', (ltv, expected) => {
    expect(isHighCollateralPledge(ltv)).toBe(expected);
  });

  it.each([
    [1_000_001, 1_000_000, true],
    [1_000_000, 1_000_000, false],
    [999_999, 1_000_000, false],
  ] as const)('cash %i against band max %i needs more collateral: %s', (cash, max, expected) => {
    expect(needsAdditionalCollateral({ cashToBorrowCents: cash, bandMaxAmountCents: max })).toBe(
      expected,
    );
  });

  it.each([
    [
      '10',
      2_000_000,
      1_000_000,
      [OFFER_MESSAGES.highCollateralWarning, OFFER_MESSAGES.additionalCollateralWarning],
    ],
    ['10', 500_000, 1_000_000, [OFFER_MESSAGES.highCollateralWarning]],
    ['40', 2_000_000, 1_000_000, [OFFER_MESSAGES.additionalCollateralWarning]],
    ['40', 500_000, 1_000_000, []],
    [null, 500_000, null, []],
  ] as const)('LTV %s, cash %i, band max %s → %o', (initialLtvPct, cash, bandMax, warnings) => {
    expect(
      renewalOfferWarnings({ initialLtvPct, cashToBorrowCents: cash, bandMaxAmountCents: bandMax }),
    ).toEqual(warnings);
  });
});
