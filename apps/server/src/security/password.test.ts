import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('passwords', () => {
  it('hashes with argon2id and a salt of its own', async () => {
    const first = await hashPassword('pass_good');
    const second = await hashPassword('pass_good');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('pass_good');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('pass_good');
    expect(await verifyPassword(stored, 'pass_good')).toBe(true);
    expect(await verifyPassword(stored, 'pass_bad')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('answers false for a missing or malformed hash', async () => {
    expect(await verifyPassword(null, 'pass_good')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'pass_good')).toBe(false);
  });
});
