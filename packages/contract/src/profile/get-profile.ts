import type { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { ZProfile } from '../entities/profile.js';

export const ZGetProfileResponse = ZProfile;
export type TGetProfileResponse = z.infer<typeof ZGetProfileResponse>;

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/service-profile/api/v1/profile',
  auth: 'bearer',
  summary: "The signed-in borrower's profile (404 before the loan details are given)",
  response: ZGetProfileResponse,
});
