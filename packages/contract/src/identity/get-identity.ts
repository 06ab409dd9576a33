import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { LEGACY_WALLET_HEADERS, ZLegacyIdentity } from '../entities/identity.js';

export const ZGetIdentityResponse = ZLegacyIdentity;
export type TGetIdentityResponse = z.infer<typeof ZGetIdentityResponse>;

export const getIdentity = defineEndpoint({
  method: 'GET',
  path: '/identity/secure/api/v1/identity',
  auth: 'bearer',
  summary: `Legacy identity of the signed-in borrower; wallet addresses in the ${LEGACY_WALLET_HEADERS.accountAddress} and ${LEGACY_WALLET_HEADERS.groupPolicyAddress} headers`,
  response: ZGetIdentityResponse,
});
