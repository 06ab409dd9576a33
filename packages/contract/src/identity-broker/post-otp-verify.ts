import { z } from 'zod/mini';
import { ZOtpCode, ZOtpVerifyForm, type TSignInAudience } from '@pledge/domain';
import { brokerBase, defineEndpoint } from '../define-endpoint.js';
import { ZLocalPath } from '../wire.js';
import { ZIdentityBrokerApiVersion } from './api-version.js';

export const ZPostOtpVerifyBody = z.object({
  ...ZOtpVerifyForm.shape,
  /** The nonce given to login; it finds that sign-in's redirectUrl. */
  nonce: z.string().check(z.minLength(16), z.maxLength(128)),
  /**
   * The authenticator code, needed when the identity has two-factor sign-in on: without it the
   * right e-mailed code answers 401 TOTP_REQUIRED (a field message on `totp`) and stays usable.
   */
  totp: z.optional(ZOtpCode),
});
export type TPostOtpVerifyBody = z.infer<typeof ZPostOtpVerifyBody>;

export const ZPostOtpVerifyResponse = z.object({
  apiVersion: ZIdentityBrokerApiVersion,
  jwt: z.string().check(z.minLength(1)),
  /** The redirectUrl given to login for this nonce. */
  redirectUrl: ZLocalPath,
});
export type TPostOtpVerifyResponse = z.infer<typeof ZPostOtpVerifyResponse>;

export function makePostOtpVerify<const A extends TSignInAudience>(audience: A) {
  return defineEndpoint({
    method: 'POST',
    path: `${brokerBase(audience)}/api/v3/otp/verify`,
    auth: 'none',
    summary: `Trade the emailed code (and the authenticator code when two-factor sign-in is on) for a ${audience} jwt (rate limited)`,
    body: ZPostOtpVerifyBody,
    response: ZPostOtpVerifyResponse,
  });
}

export const postCustomerOtpVerify = makePostOtpVerify('customer');
export const postAgentOtpVerify = makePostOtpVerify('agent');
