/**
 * Password hashing for the legacy sign-in: argon2id with the OWASP-recommended cost (19 MiB,
 * 2 passes, 1 lane). Unknown addresses are checked against a dummy hash so that the answer time
 * does not tell which addresses have an account.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: a const enum, which isolated modules cannot read at run time. */
const ARGON2ID: Algorithm.Argon2id = 2;

const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when the password matches the stored hash. A missing or malformed hash is checked against a
 * dummy hash (same cost) and answers false.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('not-a-password-of-anyone');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
