import { z } from 'zod';
import { ZLoginRedirect, type TSignInAudience } from '@pledge/domain';
import { brokerBase, defineEndpoint } from '../define-endpoint.js';
import { ZNoContent } from '../wire.js';

export const ZPostLoginQuery = z.object({
  /** Where to return after sign-in: a path of this site, '/' followed by a lower-case letter. */
  redirectUrl: ZLoginRedirect,
  /** Kept by the browser and echoed by otp/verify, binding the answer to this sign-in. */
  nonce: z.string().min(16).max(128),
  telemetryTrackingId: z.uuid().optional(),
});
export type TPostLoginQuery = z.infer<typeof ZPostLoginQuery>;

export function makePostLogin<const A extends TSignInAudience>(audience: A) {
  return defineEndpoint({
    method: 'POST',
    path: `${brokerBase(audience)}/api/v3/login`,
    auth: 'none',
    summary: `Begin a ${audience} sign-in: 303 to the hosted sign-in page (Location header)`,
    query: ZPostLoginQuery,
    response: ZNoContent,
    status: 303,
  });
}

export const postCustomerLogin = makePostLogin('customer');
export const postAgentLogin = makePostLogin('agent');
