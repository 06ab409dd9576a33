/**
 * How a profile is kept at rest: its details as one encrypted JSON document and the SSN encrypted
 * on its own, each bound to the identity it belongs to (a sealed value copied to another row does
 * not open), plus a blind index of the SSN.
 */
import { ZPhoneNumber, ZProfileAddress, ZProfileName } from '@pledge/contract';
import { z } from 'zod';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TProfileDetails } from './validate-profile.js';

/** Purpose of the SSN blind index: the same SSN on two identities has the same index. */
export const SSN_BLIND_INDEX_PURPOSE = 'ssn';

export const profileDetailsContext = (identityUuid: string) => `profile.details:${identityUuid}`;
export const profileSsnContext = (identityUuid: string) => `profile.ssn:${identityUuid}`;

const ZStoredDetails = z.object({
  name: ZProfileName,
  dob: z.string().nullable(),
  addresses: z.array(ZProfileAddress),
  phoneNumbers: z.array(ZPhoneNumber),
  email: z.string(),
  countryOfDomicile: z.string().nullable(),
});

export function sealDetails(
  cipher: TFieldCipher,
  identityUuid: string,
  details: TProfileDetails,
): string {
  return cipher.encryptText(JSON.stringify(details), profileDetailsContext(identityUuid));
}

export function openDetails(
  cipher: TFieldCipher,
  identityUuid: string,
  sealed: string,
): TProfileDetails {
  const text = cipher.decryptText(sealed, profileDetailsContext(identityUuid));
  return ZStoredDetails.parse(JSON.parse(text));
}

export function sealSsn(cipher: TFieldCipher, identityUuid: string, ssn: string) {
  return {
    ssnSealed: cipher.encryptText(ssn, profileSsnContext(identityUuid)),
    ssnBlindIndex: cipher.blindIndex(ssn, SSN_BLIND_INDEX_PURPOSE),
  };
}
