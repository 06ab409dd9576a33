import type { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { ZProfile } from '../entities/profile.js';

/** The profile without what the server owns (its uuid, and whether an SSN is on file). */
export const ZPutProfileBody = ZProfile.omit({ uuid: true, hasSsn: true });
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
