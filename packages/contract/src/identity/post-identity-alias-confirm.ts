import { z } from 'zod/mini';
import { ZLoginEmail, ZOtpCode } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZLegacyIdentity } from '../entities/identity.js';

export const ZPostIdentityAliasConfirmBody = z.object({
  /** Only the Email alias (the sign-in address) changes by proof. */
  type: z.literal('Email', { error: 'Only an Email alias is confirmed with a code' }),
  /** The new address, as given to PUT …/identity/alias. */
  value: ZLoginEmail,
  /** The code e-mailed to the new address. */
  code: ZOtpCode,
});
export type TPostIdentityAliasConfirmBody = z.infer<typeof ZPostIdentityAliasConfirmBody>;

export const ZPostIdentityAliasConfirmResponse = ZLegacyIdentity;
export type TPostIdentityAliasConfirmResponse = z.infer<typeof ZPostIdentityAliasConfirmResponse>;

export const postIdentityAliasConfirm = defineEndpoint({
  method: 'POST',
  path: '/identity/secure/api/v1/identity/alias/confirm',
  auth: 'bearer',
  summary:
    'Confirm a new sign-in address with the code e-mailed to it: the address changes, the old one is told (with a way to undo) and every other session ends',
  body: ZPostIdentityAliasConfirmBody,
  response: ZPostIdentityAliasConfirmResponse,
});
