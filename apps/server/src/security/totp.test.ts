import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  matchTotp,
  totpCode,
  totpStepAt,
} from './totp.js';

// RFC 6238 appendix B: SHA-1 secret "12345678901234567890", 8-digit codes.
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC 6238 vector at %i s', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, totpStepAt(new Date(seconds * 1000)), 8)).toBe(expected);
  });

  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi======')?.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeNull();
    expect(base32Decode('')).toBeNull();
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  const secretBase32 = base32Encode(RFC_SECRET);
  const at = new Date(1111111111 * 1000);
  const step = totpStepAt(at);
  const code = (offset: number) => totpCode(RFC_SECRET, step + offset);

  it('accepts the current step and one step either side', () => {
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp({ secretBase32, code: code(offset), at, lastUsedStep: null })).toBe(
        step + offset,
      );
    }
  });

  it('refuses codes two steps away, malformed codes and used steps', () => {
    expect(matchTotp({ secretBase32, code: code(2), at, lastUsedStep: null })).toBeNull();
    expect(matchTotp({ secretBase32, code: code(-2), at, lastUsedStep: null })).toBeNull();
    expect(matchTotp({ secretBase32, code: '12345', at, lastUsedStep: null })).toBeNull();
    expect(matchTotp({ secretBase32, code: 'abcdef', at, lastUsedStep: null })).toBeNull();
    expect(matchTotp({ secretBase32, code: code(0), at, lastUsedStep: step })).toBeNull();
    expect(matchTotp({ secretBase32, code: code(1), at, lastUsedStep: step })).toBe(step + 1);
    expect(matchTotp({ secretBase32: '!!', code: code(0), at, lastUsedStep: null })).toBeNull();
  });
});
