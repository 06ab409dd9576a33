import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import {
  COLLATERAL_FORM_MESSAGES,
  ZCollateralConfirmation,
  ZWalletSourceType,
  makeRefiTopUpConfirmationSchema,
} from './collateral.js';

describe('ZCollateralConfirmation', () => {
  it.each([
    ['unticked', { hasSentCollateral: false }, { hasSentCollateral: ['Required'] }],
    ['missing', {}, { hasSentCollateral: ['Required'] }],
    ['a string', { hasSentCollateral: 'true' }, { hasSentCollateral: ['Required'] }],
    [
      'an unknown wallet type',
      { hasSentCollateral: true, walletType: 'EXCHANGE' },
      {
        walletType: ['Select a wallet type'],
      },
    ],
    ['ticked', { hasSentCollateral: true }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZCollateralConfirmation, input)).toEqual(errors);
  });

  it.each([
    [undefined, 'CUSTODIAL'],
    ['SELF_HOSTED', 'SELF_HOSTED'],
    ['CUSTODIAL', 'CUSTODIAL'],
  ] as const)('wallet type %s → %s', (walletType, expected) => {
    expect(ZCollateralConfirmation.parse({ hasSentCollateral: true, walletType }).walletType).toBe(
      expected,
    );
  });

  it('names the checkbox in the product words', () => {
    expect(COLLATERAL_FORM_MESSAGES.checkboxLabel).toBe(
      'I have sent the required amount of collateral',
    );
  });

  it('reads the source-wallet-type body', () => {
    expect(ZWalletSourceType.parse('SELF_HOSTED')).toBe('SELF_HOSTED');
    expect(ZWalletSourceType.safeParse('HOT').success).toBe(false);
  });
});

describe('makeRefiTopUpConfirmationSchema', () => {
  it.each([
    [true, { hasSentCollateral: true }, {}],
    [true, { hasSentCollateral: false }, { hasSentCollateral: ['Required'] }],
    [true, {}, { hasSentCollateral: ['Required'] }],
    [false, { hasSentCollateral: false }, {}],
    [false, {}, {}],
    [false, { hasSentCollateral: true }, {}],
  ] as const)('top-up requested %s, %o → %o', (topUpRequested, input, errors) => {
    expect(fieldErrorsOf(makeRefiTopUpConfirmationSchema({ topUpRequested }), input)).toEqual(
      errors,
    );
  });
});
