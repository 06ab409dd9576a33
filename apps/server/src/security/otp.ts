/**
 * Emailed one-time codes: drawn uniformly from a cryptographic source and kept only as an
 * HMAC-SHA256 digest under a server key (the field cipher's blind index), bound to the challenge
 * it belongs to, so a stored digest reveals nothing and fits no other challenge.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_CODE_DIGITS } from '@pledge/domain';
import type { TFieldCipher } from './field-encryption.js';

const OTP_DIGEST_PURPOSE = 'otp-code';

export function generateOtpCode(): string {
  return randomInt(0, 10 ** OTP_CODE_DIGITS)
    .toString()
    .padStart(OTP_CODE_DIGITS, '0');
}

export function digestOtpCode(
  cipher: Pick<TFieldCipher, 'blindIndex'>,
  challengeId: string,
  code: string,
): string {
  return cipher.blindIndex(`${challengeId}:${code}`, OTP_DIGEST_PURPOSE);
}

/** Compares two digests in constant time. */
export function isSameDigest(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
