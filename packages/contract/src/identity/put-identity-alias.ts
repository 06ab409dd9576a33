import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIdentityAlias, ZLegacyIdentity } from '../entities/identity.js';

export const ZPutIdentityAliasBody = ZIdentityAlias;
export type TPutIdentityAliasBody = z.infer<typeof ZPutIdentityAliasBody>;

export const ZPutIdentityAliasResponse = ZLegacyIdentity;
export type TPutIdentityAliasResponse = z.infer<typeof ZPutIdentityAliasResponse>;

export const putIdentityAlias = defineEndpoint({
  method: 'PUT',
  path: '/identity/secure/api/v1/identity/alias',
  auth: 'bearer',
  summary:
    'Add or replace the alias of that type. A new Email (the sign-in address) changes nothing yet: a code is sent to it, to confirm at …/identity/alias/confirm; the answer is the same whether or not the address has an account',
  body: ZPutIdentityAliasBody,
  response: ZPutIdentityAliasResponse,
});
