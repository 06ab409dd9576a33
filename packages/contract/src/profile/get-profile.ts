import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZProfile, ZProfileName } from '../entities/profile.js';

/**
 * The profile. Before the borrower first saves one it is an empty shell (name and email null, no
 * addresses or phone numbers), so a page never has to tell "no profile yet" from an error.
 */
export const ZGetProfileResponse = z.object({
  ...ZProfile.shape,
  name: z.nullable(ZProfileName),
  email: z.nullable(z.email()),
});
export type TGetProfileResponse = z.infer<typeof ZGetProfileResponse>;

/** The empty shell answered for a borrower who has not saved a profile yet. */
export function emptyProfile(
  uuid: string,
  consents: TGetProfileResponse['consents'] = [],
): TGetProfileResponse {
  return {
    uuid,
    name: null,
    dob: null,
    hasSsn: false,
    addresses: [],
    phoneNumbers: [],
    email: null,
    countryOfDomicile: null,
    consents,
  };
}

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/service-profile/api/v1/profile',
  auth: 'bearer',
  summary: "The signed-in borrower's profile (an empty shell before the first save)",
  response: ZGetProfileResponse,
});
