/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps, 6 digits,
 * accepting the previous and the next step for clock drift. Secrets travel as RFC 4648 base32.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted on each side of the current one. */
export const TOTP_DRIFT_STEPS = 1;
const SECRET_BYTES = 20;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

/** Decodes base32 (case, spaces and padding ignored); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (clean.length === 0) return null;
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index === -1) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new random secret, base32 (160 bits, as RFC 4226 recommends). */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

export function totpStepAt(instant: Date): number {
  return Math.floor(instant.getTime() / 1000 / TOTP_STEP_S);
}

/** The code of one time step (HOTP with the step as counter). */
export function totpCode(secret: Buffer, step: number, digits: number = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', secret).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

/**
 * The time step a code matches within the drift window, or null. Steps at or before
 * `lastUsedStep` are refused, so that an observed code cannot be replayed.
 */
export function matchTotp(input: {
  secretBase32: string;
  code: string;
  at: Date;
  lastUsedStep: number | null;
}): number | null {
  const secret = base32Decode(input.secretBase32);
  if (secret === null || !/^\d+$/.test(input.code) || input.code.length !== TOTP_DIGITS) {
    return null;
  }
  const current = totpStepAt(input.at);
  const given = Buffer.from(input.code, 'utf8');
  let matched: number | null = null;
  // Every candidate is computed and compared, so timing does not reveal which step matched.
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step += 1) {
    const expected = Buffer.from(totpCode(secret, step), 'utf8');
    const isFresh = input.lastUsedStep === null || step > input.lastUsedStep;
    if (timingSafeEqual(expected, given) && isFresh && matched === null) matched = step;
  }
  return matched;
}
