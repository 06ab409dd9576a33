import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { NOBLE_ADDRESS_PREFIX, PROVENANCE_ADDRESS_PREFIX, isValidCosmosAddress } from './cosmos.js';

const NOBLE_ACCOUNT = 'noble1zqnudqmjrgh9m3ec9yztkrn4ttx7ys64p87kkx';
/** The same 20-byte account under Provenance's prefix (Cosmos chains share the key format). */
const PROVENANCE_ACCOUNT = bech32.encode(
  PROVENANCE_ADDRESS_PREFIX,
  bech32.decode(NOBLE_ACCOUNT).words,
);
const NOBLE_MODULE_ACCOUNT = bech32.encodeFromBytes(
  NOBLE_ADDRESS_PREFIX,
  new Uint8Array(32).fill(7),
);

describe('isValidCosmosAddress', () => {
  it.each([
    ['a Noble account', NOBLE_ACCOUNT, NOBLE_ADDRESS_PREFIX, true],
    [
      'another Noble account',
      'noble1vj0h76hp378ufnypjv2234m23q2g7pj90qt9sw',
      NOBLE_ADDRESS_PREFIX,
      true,
    ],
    ['a Noble account in upper case', NOBLE_ACCOUNT.toUpperCase(), NOBLE_ADDRESS_PREFIX, true],
    ['a 32-byte Noble module account', NOBLE_MODULE_ACCOUNT, NOBLE_ADDRESS_PREFIX, true],
    ['a Provenance account', PROVENANCE_ACCOUNT, PROVENANCE_ADDRESS_PREFIX, true],
    ['a Noble account for Provenance', NOBLE_ACCOUNT, PROVENANCE_ADDRESS_PREFIX, false],
    ['a Provenance account for Noble', PROVENANCE_ACCOUNT, NOBLE_ADDRESS_PREFIX, false],
    [
      'a mistyped character',
      'noble1zqnudqmjrgh9m3ec9yztkrn4ttx7ys64p87kkz',
      NOBLE_ADDRESS_PREFIX,
      false,
    ],
    ['mixed case', 'noble1zqnudqmjrgh9m3ec9yztkrn4ttx7ys64p87KKX', NOBLE_ADDRESS_PREFIX, false],
    [
      'a 16-byte payload',
      bech32.encodeFromBytes(NOBLE_ADDRESS_PREFIX, new Uint8Array(16).fill(1)),
      NOBLE_ADDRESS_PREFIX,
      false,
    ],
    ['empty', '', NOBLE_ADDRESS_PREFIX, false],
  ])('%s: %s', (_label, address, prefix, valid) => {
    expect(isValidCosmosAddress(address, prefix)).toBe(valid);
  });

  it('builds the Provenance fixture with its pb1 prefix', () => {
    expect(PROVENANCE_ACCOUNT.startsWith('pb1')).toBe(true);
  });
});
