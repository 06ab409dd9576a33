import { z } from 'zod/mini';
import type { TSignInAudience } from '@pledge/domain';
import { brokerBase, defineEndpoint } from '../define-endpoint.js';
import { ZLocalPath } from '../wire.js';
import { authOf } from './audience.js';

/** Where the browser goes once the token is revoked (the sign-in page). */
export const ZPostLogoutResponse = z.object({
  redirectUrl: ZLocalPath,
});
export type TPostLogoutResponse = z.infer<typeof ZPostLogoutResponse>;

export function makePostLogout<const A extends TSignInAudience>(audience: A) {
  return defineEndpoint({
    method: 'POST',
    path: `${brokerBase(audience)}/secure/api/v3/logout`,
    auth: authOf(audience),
    summary: `Revoke the ${audience}'s token; answers where to go next`,
    response: ZPostLogoutResponse,
  });
}

export const postCustomerLogout = makePostLogout('customer');
export const postAgentLogout = makePostLogout('agent');
