import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { PASSWORD_MAX_LENGTH, ZLoginEmail, ZOtpCode } from '@pledge/domain';

export const ZPostLegacyLoginBody = z.object({
  email: ZLoginEmail,
  password: z
    .string()
    .check(z.minLength(1, 'Enter your password'), z.maxLength(PASSWORD_MAX_LENGTH)),
  /** Needed only when two-factor sign-in is on. */
  totp: z.optional(ZOtpCode),
});
export type TPostLegacyLoginBody = z.infer<typeof ZPostLegacyLoginBody>;

export const ZPostLegacyLoginResponse = z.object({
  jwt: z.string().check(z.minLength(1)),
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
