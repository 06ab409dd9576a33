import { z } from 'zod/mini';
import {
  PROFILE_ADDRESSES_MAX_COUNT,
  PROFILE_CONSENTS_MAX_COUNT,
  PROFILE_PHONE_NUMBERS_MAX_COUNT,
  ZLoginEmail,
} from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZConsentType, ZPhoneNumber, ZProfile, ZProfileAddress } from '../entities/profile.js';

/**
 * The profile without what the server owns (its uuid, and whether an SSN is on file), plus the SSN
 * itself: nine digits, dashes allowed. Leaving `ssn` out keeps the one on file; it is stored
 * encrypted and never answered back. Its lists hold what one borrower can have: a handful of
 * addresses and phone numbers, a consent per type and version.
 */
export const ZPutProfileBody = z.extend(z.omit(ZProfile, { uuid: true, hasSsn: true }), {
  email: ZLoginEmail,
  addresses: z
    .array(ZProfileAddress)
    .check(
      z.maxLength(
        PROFILE_ADDRESSES_MAX_COUNT,
        `Give at most ${PROFILE_ADDRESSES_MAX_COUNT} addresses`,
      ),
    ),
  phoneNumbers: z
    .array(ZPhoneNumber)
    .check(
      z.maxLength(
        PROFILE_PHONE_NUMBERS_MAX_COUNT,
        `Give at most ${PROFILE_PHONE_NUMBERS_MAX_COUNT} phone numbers`,
      ),
    ),
  consents: z
    .array(ZConsentType)
    .check(
      z.maxLength(
        PROFILE_CONSENTS_MAX_COUNT,
        `Give at most ${PROFILE_CONSENTS_MAX_COUNT} consents`,
      ),
    ),
  ssn: z.optional(z.string().check(z.maxLength(32))),
});
export type TPutProfileBody = z.infer<typeof ZPutProfileBody>;

export const ZPutProfileResponse = ZProfile;
export type TPutProfileResponse = z.infer<typeof ZPutProfileResponse>;

export const putProfile = defineEndpoint({
  method: 'PUT',
  path: '/service-profile/api/v1/profile',
  auth: 'bearer',
  summary: "Replace the signed-in borrower's profile",
  body: ZPutProfileBody,
  response: ZPutProfileResponse,
});
