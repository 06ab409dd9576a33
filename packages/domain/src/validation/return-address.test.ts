import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import {
  INVALID_RETURN_ADDRESS_MESSAGE,
  ZReturnAddressForm,
  isValidReturnAddress,
  makeReturnAddressSchema,
} from './return-address.js';

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

describe('isValidReturnAddress', () => {
  it.each([
    ['BTC', BTC, true],
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', true],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', false],
    ['BTC', ETH, false],
    ['ETH', ETH, true],
    ['ETH', ETH.toLowerCase(), true],
    ['ETH', '0xFb6916095ca1df60bB79Ce92cE3Ea74c37c5d359', false],
    ['ETH', BTC, false],
    ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', false],
  ] as const)('%s %s: %s', (type, address, valid) => {
    expect(isValidReturnAddress(type, address)).toBe(valid);
  });
});

describe('ZReturnAddressForm', () => {
  it.each([
    ['missing', {}, { returnAddress: ['Wallet address is required.'] }],
    ['empty', { returnAddress: '' }, { returnAddress: ['Wallet address is required.'] }],
    ['blank', { returnAddress: '   ' }, { returnAddress: ['Wallet address is required.'] }],
    ['anything typed', { returnAddress: 'abc' }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZReturnAddressForm, input)).toEqual(errors);
  });

  it('trims the address', () => {
    expect(ZReturnAddressForm.parse({ returnAddress: `  ${BTC}\n` })).toEqual({
      returnAddress: BTC,
    });
  });
});

describe('makeReturnAddressSchema', () => {
  it.each([
    ['BTC', { returnAddress: ` ${BTC} ` }, {}],
    ['BTC', { returnAddress: ETH }, { returnAddress: ['Invalid address entered - enter again'] }],
    ['ETH', { returnAddress: ETH }, {}],
    ['ETH', { returnAddress: '' }, { returnAddress: ['Wallet address is required.'] }],
  ] as const)('%s %o → %o', (type, input, errors) => {
    expect(fieldErrorsOf(makeReturnAddressSchema(type), input)).toEqual(errors);
  });

  it('pins the invalid-address text', () => {
    expect(INVALID_RETURN_ADDRESS_MESSAGE).toBe('Invalid address entered - enter again');
  });
});
