import type { TFieldCipher } from '../../security/field-encryption.js';

/** The field-cipher context of an identity's TOTP secret: a sealed secret fits no other row. */
export function totpSecretContext(identityUuid: string): string {
  return `identities.totp_secret:${identityUuid}`;
}

export function sealTotpSecret(
  cipher: TFieldCipher,
  identityUuid: string,
  secretBase32: string,
): string {
  return cipher.encryptText(secretBase32, totpSecretContext(identityUuid));
}

export function openTotpSecret(cipher: TFieldCipher, identityUuid: string, sealed: string): string {
  return cipher.decryptText(sealed, totpSecretContext(identityUuid));
}
