import {
  makePostOtpStart,
  makePostOtpVerify,
  postIdentityAliasUndo,
  postLegacyLogin,
  type TPostIdentityAliasUndoResponse,
  type TPostLegacyLoginBody,
  type TPostLegacyLoginResponse,
  type TPostOtpVerifyResponse,
} from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';

/** Tells the identity services which brand a sign-in speaks for (its e-mails, its new identities). */
export const ORGANIZATION_HEADER = 'x-organization';

const otpStart = { customer: makePostOtpStart('customer'), agent: makePostOtpStart('agent') };
const otpVerify = { customer: makePostOtpVerify('customer'), agent: makePostOtpVerify('agent') };

/**
 * Asks the broker to e-mail a sign-in code (rate limited; 429 says when to try again), bound to
 * this sign-in's nonce so that only this browser's tries count against it.
 */
export function startOtp(input: {
  audience: TSignInAudience;
  email: string;
  nonce: string;
  orgCode: string;
}): Promise<void> {
  return apiRequest(otpStart[input.audience], {
    body: { email: input.email, nonce: input.nonce },
    headers: { [ORGANIZATION_HEADER]: input.orgCode },
  });
}

/**
 * Trades the e-mailed code (and, with two-factor sign-in on, the authenticator code) for a token
 * and the return path the broker kept for the nonce.
 */
export function verifyOtp(input: {
  audience: TSignInAudience;
  email: string;
  code: string;
  /** The authenticator code, once the broker has asked for it (two-factor sign-in). */
  totp?: string;
  nonce: string;
  orgCode: string;
}): Promise<TPostOtpVerifyResponse> {
  return apiRequest(otpVerify[input.audience], {
    body: {
      email: input.email,
      code: input.code,
      nonce: input.nonce,
      ...(input.totp !== undefined ? { totp: input.totp } : {}),
    },
    headers: { [ORGANIZATION_HEADER]: input.orgCode },
  });
}

/** The legacy sign-in with e-mail, password and, when two-factor sign-in is on, a TOTP code. */
export function legacyLogin(
  body: TPostLegacyLoginBody,
  orgCode: string,
): Promise<TPostLegacyLoginResponse> {
  return apiRequest(postLegacyLogin, { body, headers: { [ORGANIZATION_HEADER]: orgCode } });
}

/** Restores the sign-in address a change replaced, with the token e-mailed to that address. */
export function undoEmailChange(token: string): Promise<TPostIdentityAliasUndoResponse> {
  return apiRequest(postIdentityAliasUndo, { body: { token } });
}
