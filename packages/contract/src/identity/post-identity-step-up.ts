import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';

/**
 * How the caller proves, before the sign-in address changes, that a stolen token alone is not
 * enough: the authenticator code where two-factor sign-in is on, else the password where the
 * account has one, else a code e-mailed to the CURRENT address.
 */
export const STEP_UP_METHODS = ['totp', 'password', 'email-code'] as const;
export type TStepUpMethod = (typeof STEP_UP_METHODS)[number];

export const ZPostIdentityStepUpResponse = z.object({
  method: z.enum(STEP_UP_METHODS),
});
export type TPostIdentityStepUpResponse = z.infer<typeof ZPostIdentityStepUpResponse>;

export const postIdentityStepUp = defineEndpoint({
  method: 'POST',
  path: '/identity/secure/api/v1/identity/step-up',
  auth: 'bearer',
  summary:
    'Begin the proof asked before a change of sign-in address: answers which proof the account gives (totp, password or email-code); for email-code, a code is e-mailed to the current address (rate limited)',
  response: ZPostIdentityStepUpResponse,
});
