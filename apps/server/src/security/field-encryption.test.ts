import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createFieldCipher,
  DecryptionError,
  deriveBlindIndexKey,
  encryptionKeyId,
  maskTail,
} from './field-encryption.js';

const cipher = createFieldCipher(randomBytes(32));

describe('field encryption', () => {
  it('round-trips text and never stores it in the clear', () => {
    const sealed = cipher.encryptText('123-45-6789', 'profile.ssn:abc');
    // Not the last four on their own (the random key id or ciphertext may hold them inside it).
    expect(sealed).not.toMatch(/(?<![0-9A-Za-z])6789(?![0-9A-Za-z])/);
    expect(sealed).not.toContain('123-45');
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

/** What the cipher sealed before key ids: `v1.<nonce>.<tag>.<ciphertext>` and nonce ‖ tag ‖ ct. */
function legacySeal(masterKey: Buffer, plaintext: Buffer, context: string) {
  const dataKey = Buffer.from(
    hkdfSync('sha256', masterKey, Buffer.alloc(0), 'pledge:field-encryption', 32),
  );
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const tag = cipher.getAuthTag();
  return {
    text: ['v1', nonce, tag, ciphertext]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.'),
    bytes: Buffer.concat([nonce, tag, ciphertext]),
  };
}

describe('key rotation', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const before = createFieldCipher(oldKey);
  const ring = createFieldCipher([newKey, oldKey]);

  it('seals with the newest key and names it', () => {
    const sealed = ring.encryptText('123-45-6789', 'ctx');
    expect(sealed.split('.')[1]).toBe(encryptionKeyId(newKey));
    expect(ring.isSealedWithNewestKey(sealed)).toBe(true);
    expect(ring.isSealedWithNewestKey(ring.encryptBytes(Buffer.from('x'), 'ctx'))).toBe(true);
    // The old key alone cannot read it.
    expect(() => before.decryptText(sealed, 'ctx')).toThrow(DecryptionError);
  });

  it('opens values sealed with an older key of the ring', () => {
    const text = before.encryptText('secret', 'ctx');
    const bytes = before.encryptBytes(Buffer.from('file'), 'ctx');
    expect(ring.decryptText(text, 'ctx')).toBe('secret');
    expect(ring.decryptBytes(bytes, 'ctx').toString()).toBe('file');
    expect(ring.isSealedWithNewestKey(text)).toBe(false);
    expect(ring.isSealedWithNewestKey(bytes)).toBe(false);
    expect(() => createFieldCipher(newKey).decryptText(text, 'ctx')).toThrow(DecryptionError);
  });

  it('opens values sealed before key ids existed, with any key of the ring', () => {
    const legacy = legacySeal(oldKey, Buffer.from('legacy'), 'ctx');
    expect(ring.decryptText(legacy.text, 'ctx')).toBe('legacy');
    expect(ring.decryptBytes(legacy.bytes, 'ctx').toString()).toBe('legacy');
    expect(ring.isSealedWithNewestKey(legacy.text)).toBe(false);
    expect(() => createFieldCipher(newKey).decryptBytes(legacy.bytes, 'ctx')).toThrow(
      DecryptionError,
    );
  });

  it('opens with a next key but never seals with it, until asked to seal with it', () => {
    const firstPhase = createFieldCipher(oldKey, { nextKeys: [newKey] });
    expect(firstPhase.keyId).toBe(encryptionKeyId(oldKey));
    expect(firstPhase.nextKeyIds).toEqual([encryptionKeyId(newKey)]);
    expect(firstPhase.encryptText('x', 'ctx').split('.')[1]).toBe(encryptionKeyId(oldKey));
    // What an instance of the second phase wrote.
    expect(firstPhase.decryptText(ring.encryptText('new', 'ctx'), 'ctx')).toBe('new');
    expect(
      firstPhase.decryptBytes(ring.encryptBytes(Buffer.from('f'), 'ctx'), 'ctx').toString(),
    ).toBe('f');
    const toNew = firstPhase.sealingWith(encryptionKeyId(newKey));
    expect(toNew?.keyId).toBe(encryptionKeyId(newKey));
    expect(ring.isSealedWithNewestKey(toNew?.encryptText('y', 'ctx') ?? '')).toBe(true);
    expect(toNew?.blindIndex('a@b.c', 'email')).toBe(firstPhase.blindIndex('a@b.c', 'email'));
    expect(firstPhase.sealingWith(encryptionKeyId(randomBytes(32)))).toBeNull();
    // A next key that already seals is the sealing key, not a next one.
    expect(createFieldCipher([newKey, oldKey], { nextKeys: [newKey] }).nextKeyIds).toEqual([]);
  });

  it('keeps blind indexes stable: the index key is given, or derived from the oldest key', () => {
    expect(ring.blindIndex('a@b.c', 'email')).toBe(before.blindIndex('a@b.c', 'email'));
    const given = createFieldCipher([newKey], { indexKey: deriveBlindIndexKey(oldKey) });
    expect(given.blindIndex('a@b.c', 'email')).toBe(before.blindIndex('a@b.c', 'email'));
    expect(createFieldCipher(newKey).blindIndex('a@b.c', 'email')).not.toBe(
      before.blindIndex('a@b.c', 'email'),
    );
  });
});
