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
  summary: 'Add or replace the alias of that type (for example a new Email)',
  body: ZPutIdentityAliasBody,
  response: ZPutIdentityAliasResponse,
});
