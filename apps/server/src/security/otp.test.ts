import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './field-encryption.js';
import { digestOtpCode, generateOtpCode, isSameDigest } from './otp.js';

describe('one-time codes', () => {
  it('draws six digits, leading zeros kept', () => {
    const codes = Array.from({ length: 200 }, generateOtpCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('keeps a keyed digest bound to its challenge', () => {
    const cipher = createFieldCipher(Buffer.alloc(32, 1));
    const other = createFieldCipher(Buffer.alloc(32, 2));
    const digest = digestOtpCode(cipher, 'challenge-1', '123456');
    expect(digest).not.toContain('123456');
    expect(isSameDigest(digest, digestOtpCode(cipher, 'challenge-1', '123456'))).toBe(true);
    expect(isSameDigest(digest, digestOtpCode(cipher, 'challenge-2', '123456'))).toBe(false);
    expect(isSameDigest(digest, digestOtpCode(cipher, 'challenge-1', '123457'))).toBe(false);
    expect(isSameDigest(digest, digestOtpCode(other, 'challenge-1', '123456'))).toBe(false);
    expect(isSameDigest(digest, '')).toBe(false);
  });
});
