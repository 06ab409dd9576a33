import { z } from 'zod/mini';
import { PASSWORD_MAX_LENGTH, ZOtpCode } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIdentityAlias, ZLegacyIdentity } from '../entities/identity.js';

export const ZPutIdentityAliasBody = z.object({
  ...ZIdentityAlias.shape,
  /**
   * The step-up a new Email needs (POST …/identity/step-up says which): the authenticator code
   * where two-factor sign-in is on, else the password where the account has one, else the code
   * e-mailed to the current address. A Phone needs none.
   */
  totp: z.optional(ZOtpCode),
  password: z.optional(
    z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(PASSWORD_MAX_LENGTH)),
  ),
  stepUpCode: z.optional(ZOtpCode),
});
export type TPutIdentityAliasBody = z.infer<typeof ZPutIdentityAliasBody>;

export const ZPutIdentityAliasResponse = ZLegacyIdentity;
export type TPutIdentityAliasResponse = z.infer<typeof ZPutIdentityAliasResponse>;

export const putIdentityAlias = defineEndpoint({
  method: 'PUT',
  path: '/identity/secure/api/v1/identity/alias',
  auth: 'bearer',
  summary:
    'Add or replace the alias of that type. A new Email (the sign-in address) needs the step-up of …/identity/step-up in the same request (403 STEP_UP_REQUIRED without it) and changes nothing yet: a code is sent to it, to confirm at …/identity/alias/confirm; the answer is the same whether or not the address has an account',
  body: ZPutIdentityAliasBody,
  response: ZPutIdentityAliasResponse,
});
