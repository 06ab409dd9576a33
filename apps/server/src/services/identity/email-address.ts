import type { TFieldCipher } from '../../security/field-encryption.js';

/** Addresses are compared and stored lower-case: one identity per address, whatever its case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A keyed digest of an address, for tables that must find it without holding it. */
export function digestEmail(cipher: Pick<TFieldCipher, 'blindIndex'>, email: string): string {
  return cipher.blindIndex(normalizeEmail(email), 'sign-in-email');
}

/** A keyed digest of the device a sign-in code is bound to (signInDeviceOf). */
export function digestSignInDevice(
  cipher: Pick<TFieldCipher, 'blindIndex'>,
  device: string,
): string {
  return cipher.blindIndex(device, 'sign-in-device');
}
