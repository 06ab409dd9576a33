import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, DecryptionError, maskTail } from './field-encryption.js';

const cipher = createFieldCipher(randomBytes(32));

describe('field encryption', () => {
  it('round-trips text and never stores it in the clear', () => {
    const sealed = cipher.encryptText('123-45-6789', 'profile.ssn:abc');
    expect(sealed).not.toContain('6789');
    expect(cipher.decryptText(sealed, 'profile.ssn:abc')).toBe('123-45-6789');
  });

  it('uses a fresh nonce per value', () => {
    expect(cipher.encryptText('same', 'ctx')).not.toBe(cipher.encryptText('same', 'ctx'));
  });

  it.each([
    ['another context', (s: string) => cipher.decryptText(s, 'profile.ssn:other')],
    [
      'another key',
      (s: string) => createFieldCipher(randomBytes(32)).decryptText(s, 'profile.ssn:abc'),
    ],
    [
      'a tampered ciphertext',
      (s: string) =>
        cipher.decryptText(s.slice(0, -2) + (s.endsWith('A') ? 'BB' : 'AA'), 'profile.ssn:abc'),
    ],
    ['garbage', () => cipher.decryptText('v1.x.y', 'profile.ssn:abc')],
  ])('refuses %s', (_, attempt) => {
    const sealed = cipher.encryptText('123-45-6789', 'profile.ssn:abc');
    expect(() => attempt(sealed)).toThrow(DecryptionError);
  });

  it('round-trips bytes', () => {
    const file = randomBytes(1000);
    const sealed = cipher.encryptBytes(file, 'identity-file:1');
    expect(cipher.decryptBytes(sealed, 'identity-file:1').equals(file)).toBe(true);
    expect(() => cipher.decryptBytes(sealed, 'identity-file:2')).toThrow(DecryptionError);
  });

  it('gives a stable blind index per purpose', () => {
    expect(cipher.blindIndex('123456789', 'ssn')).toBe(cipher.blindIndex('123456789', 'ssn'));
    expect(cipher.blindIndex('123456789', 'ssn')).not.toBe(cipher.blindIndex('123456789', 'email'));
    expect(cipher.blindIndex('123456789', 'ssn')).not.toContain('123456789');
  });

  it('masks all but the last four', () => {
    expect(maskTail('000123456789')).toBe('••••6789');
  });

  it('refuses a key of the wrong size', () => {
    expect(() => createFieldCipher(randomBytes(16))).toThrow();
  });
});
