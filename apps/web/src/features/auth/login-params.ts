import { isLoginRedirectAllowed, type TSignInAudience, type TSignInMode } from '@pledge/domain';
import { forcedSignInMode } from '../session/sign-in-paths.js';

// The broker's nonce: what its login endpoint accepts (ZPostLoginQuery).
const NONCE_PATTERN = /^[\x21-\x7e]{16,128}$/;

/** What the sign-in page reads from its address. */
export interface TLoginParams {
  audience: TSignInAudience;
  /** Where to return after sign-in, only when document 2 §5 allows it. */
  redirectUrl: string | null;
  /** Present when the broker's login sent the visitor here; it binds the answer to that sign-in. */
  nonce: string | null;
  forcedMode: TSignInMode | undefined;
}

export function parseLoginParams(search: string): TLoginParams {
  const params = new URLSearchParams(search);
  const redirectUrl = params.get('redirectUrl');
  const nonce = params.get('nonce');
  return {
    audience: params.get('audience') === 'agent' ? 'agent' : 'customer',
    redirectUrl: isLoginRedirectAllowed(redirectUrl) ? redirectUrl : null,
    nonce: nonce !== null && NONCE_PATTERN.test(nonce) ? nonce : null,
    forcedMode: forcedSignInMode(params),
  };
}
