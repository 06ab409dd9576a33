import { describe, expect, it } from 'vitest';
import { isValidEvmAddress, toChecksumAddress } from './evm.js';

/** The test cases of EIP-55. */
const EIP55_ALL_CAPS = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
];
const EIP55_ALL_LOWER = [
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
];
const EIP55_NORMAL = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('toChecksumAddress', () => {
  it.each([...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER, ...EIP55_NORMAL])(
    'reproduces the EIP-55 form of %s',
    (vector) => {
      expect(toChecksumAddress(vector.toLowerCase())).toBe(vector);
      expect(toChecksumAddress(`0x${vector.slice(2).toUpperCase()}`)).toBe(vector);
    },
  );

  it.each([
    '',
    '0x',
    '0x123',
    'de709f2102306220921060314715629080e2fb77',
    '0xZZ709f2102306220921060314715629080e2fb77',
  ])('refuses %o', (address) => {
    expect(toChecksumAddress(address)).toBeNull();
  });
});

describe('isValidEvmAddress', () => {
  it.each([...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER, ...EIP55_NORMAL])('accepts %s', (address) => {
    expect(isValidEvmAddress(address)).toBe(true);
  });

  it.each(EIP55_NORMAL.map((address) => [address.toLowerCase()]))(
    'accepts the unchecksummed lower-case %s',
    (address) => {
      expect(isValidEvmAddress(address)).toBe(true);
    },
  );

  it.each([
    ['one letter with the wrong case', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['two letters swapped in case', '0xFb6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['41 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0'],
    ['39 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['no 0x prefix', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a non-hex character', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
    ['surrounding space', ' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['upper-case prefix', '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['empty', ''],
  ])('refuses %s', (_label, address) => {
    expect(isValidEvmAddress(address)).toBe(false);
  });
});
