import { z } from 'zod/mini';
import type { TSignInAudience } from '@pledge/domain';
import { brokerBase, defineEndpoint } from '../define-endpoint.js';
import { ZNoContent } from '../wire.js';

export const ZPostLoginQuery = z.object({
  /**
   * Where to return after sign-in. Used only when it is a path of this site, '/' followed by a
   * lower-case letter (document 2 §5); anything else returns to the audience's landing page, so a
   * stale or tampered link still signs in.
   */
  redirectUrl: z.optional(z.string().check(z.maxLength(2048))),
  /** Kept by the browser and echoed by otp/verify, binding the answer to this sign-in. */
  nonce: z.string().check(z.minLength(16), z.maxLength(128)),
  telemetryTrackingId: z.optional(z.uuid()),
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
