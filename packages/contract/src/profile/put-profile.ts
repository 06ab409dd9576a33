import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZProfile } from '../entities/profile.js';

/**
 * The profile without what the server owns (its uuid, and whether an SSN is on file), plus the SSN
 * itself: nine digits, dashes allowed. Leaving `ssn` out keeps the one on file; it is stored
 * encrypted and never answered back.
 */
export const ZPutProfileBody = z.extend(z.omit(ZProfile, { uuid: true, hasSsn: true }), {
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
