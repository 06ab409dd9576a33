import { describe, expect, it } from 'vitest';
import { isValidBitcoinAddress } from './bitcoin.js';

describe('isValidBitcoinAddress (mainnet)', () => {
  it.each([
    // BIP-173 / BIP-350 valid vectors of the standard output types.
    ['P2WPKH, upper case (BIP-173)', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['P2WPKH, lower case (BIP-173)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['P2WSH (BIP-173 example)', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['P2TR (BIP-350)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    // Legacy base58check.
    ['P2PKH (genesis coinbase)', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ])('accepts %s', (_label, address) => {
    expect(isValidBitcoinAddress(address)).toBe(true);
  });

  it.each([
    // BIP-350 invalid vectors.
    [
      'invalid human-readable part',
      'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut',
    ],
    ['v1 with a bech32 checksum', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
    [
      'v16 with a bech32 checksum',
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
    ],
    ['v0 with a bech32m checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    [
      'invalid character in checksum',
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
    ],
    ['invalid witness version', 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R'],
    ['program of 1 byte', 'bc1pw5dgrnzv'],
    [
      'program of 41 bytes',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
    ],
    ['v0 program of 16 bytes', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
    [
      'more than 4 padding bits',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
    ],
    ['empty data section', 'bc1gmk9yu'],
    // BIP-173 invalid vectors.
    ['invalid checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['zero padding of more than 4 bits', 'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du'],
    ['mixed case', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3t4'],
    // A testnet address on mainnet.
    ['testnet P2WSH', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
    // Base58 with a broken checksum, and non-addresses.
    ['P2PKH with a wrong checksum', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['empty', ''],
  ])('refuses %s', (_label, address) => {
    expect(isValidBitcoinAddress(address)).toBe(false);
  });

  /*
   * Valid under BIP-350 but reserved for future soft forks: no wallet can spend these outputs today,
   * so collateral returned there would be lost. They are refused on purpose.
   */
  it.each([
    [
      'v1 with a 40-byte program',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    ],
    ['v16 with a 2-byte program', 'BC1SW50QGDZ25J'],
    ['v2 with a 16-byte program', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'],
  ])('refuses the non-standard %s', (_label, address) => {
    expect(isValidBitcoinAddress(address)).toBe(false);
  });
});

describe('isValidBitcoinAddress (testnet)', () => {
  it.each([
    ['BIP-173 P2WSH', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', true],
    ['BIP-350 P2WSH', 'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', true],
    ['BIP-350 P2TR', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', true],
    ['BIP-350 mixed case', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', false],
    [
      'BIP-350 non-zero padding',
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j',
      false,
    ],
    [
      'BIP-350 v0 with bech32m',
      'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
      false,
    ],
    [
      'BIP-173 non-zero padding',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
      false,
    ],
    ['a mainnet address', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', false],
    ['a mainnet P2PKH', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false],
  ])('%s: %s', (_label, address, valid) => {
    expect(isValidBitcoinAddress(address, 'testnet')).toBe(valid);
  });
});
