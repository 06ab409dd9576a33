import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { ZLoginEmail, ZOtpCode } from '@pledge/domain';

export const ZPostLegacyLoginBody = z.object({
  email: ZLoginEmail,
  password: z.string().min(1, 'Enter your password').max(256),
  /** Needed only when two-factor sign-in is on. */
  totp: ZOtpCode.optional(),
});
export type TPostLegacyLoginBody = z.infer<typeof ZPostLegacyLoginBody>;

export const ZPostLegacyLoginResponse = z.object({
  jwt: z.string().min(1),
  passwordExpired: z.boolean(),
});
export type TPostLegacyLoginResponse = z.infer<typeof ZPostLegacyLoginResponse>;

export const postLegacyLogin = defineEndpoint({
  method: 'POST',
  path: '/identity/api/v1/login',
  auth: 'none',
  summary: 'Fallback sign-in with email and password (rate limited)',
  body: ZPostLegacyLoginBody,
  response: ZPostLegacyLoginResponse,
});
