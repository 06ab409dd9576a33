/** How a waitlist address is kept: sealed, with a blind index for one sign-up per state. */
import type { TFieldCipher } from '../../security/field-encryption.js';

const EMAIL_INDEX_PURPOSE = 'waitlist-email';

export const waitlistEmailContext = (stateCode: string) => `waitlist.email:${stateCode}`;

export function sealWaitlistEmail(cipher: TFieldCipher, email: string, stateCode: string) {
  return {
    emailSealed: cipher.encryptText(email, waitlistEmailContext(stateCode)),
    emailBlindIndex: cipher.blindIndex(email, EMAIL_INDEX_PURPOSE),
  };
}

export function openWaitlistEmail(cipher: TFieldCipher, sealed: string, stateCode: string): string {
  return cipher.decryptText(sealed, waitlistEmailContext(stateCode));
}
