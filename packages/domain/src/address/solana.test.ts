import { describe, expect, it } from 'vitest';
import { isValidSolanaAddress } from './solana.js';

describe('isValidSolanaAddress', () => {
  it.each([
    ['the USDC mint', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', true],
    ['the wrapped SOL mint', 'So11111111111111111111111111111111111111112', true],
    ['the system program (32 zero bytes)', '11111111111111111111111111111111', true],
    ['a non-base58 character (0)', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', false],
    ['a non-base58 character (l)', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtlv', false],
    ['too short to be 32 bytes', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwy', false],
    ['45 characters', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vA', false],
    ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', false],
    ['empty', '', false],
  ])('%s: %s', (_label, address, valid) => {
    expect(isValidSolanaAddress(address)).toBe(valid);
  });
});
