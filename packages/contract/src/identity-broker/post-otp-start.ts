import { z } from 'zod/mini';
import { ZOtpStartForm, type TSignInAudience } from '@pledge/domain';
import { brokerBase, defineEndpoint } from '../define-endpoint.js';
import { ZNoContent } from '../wire.js';

export const ZPostOtpStartBody = z.object({
  ...ZOtpStartForm.shape,
  /**
   * The nonce given to login, the same one otp/verify will name: it binds the code to this device,
   * so that no other device's tries or requests burn or replace it. Without it the code is bound
   * to the request's source address.
   */
  nonce: z.optional(z.string().check(z.minLength(16), z.maxLength(128))),
});
export type TPostOtpStartBody = z.infer<typeof ZPostOtpStartBody>;

export function makePostOtpStart<const A extends TSignInAudience>(audience: A) {
  return defineEndpoint({
    method: 'POST',
    path: `${brokerBase(audience)}/api/v3/otp/start`,
    auth: 'none',
    summary:
      audience === 'agent'
        ? 'Email a 6-digit sign-in code to a provisioned agent address (204; rate limited)'
        : 'Email a 6-digit sign-in code (204; rate limited)',
    body: ZPostOtpStartBody,
    response: ZNoContent,
    status: 204,
  });
}

export const postCustomerOtpStart = makePostOtpStart('customer');
export const postAgentOtpStart = makePostOtpStart('agent');
