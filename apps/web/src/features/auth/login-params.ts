import { isLoginRedirectAllowed, type TSignInAudience, type TSignInMode } from '@pledge/domain';
import { forcedSignInMode } from '../session/sign-in-paths.js';

// The broker's nonce: what its login endpoint accepts (ZPostLoginQuery).
const NONCE_PATTERN = /^[\x21-\x7e]{16,128}$/;
// The undo token: what ZPostIdentityAliasUndoBody accepts.
const UNDO_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** What the sign-in page reads from its address. */
export interface TLoginParams {
  audience: TSignInAudience;
  /** Where to return after sign-in, only when document 2 §5 allows it. */
  redirectUrl: string | null;
  /** Present when the broker's login sent the visitor here; it binds the answer to that sign-in. */
  nonce: string | null;
  forcedMode: TSignInMode | undefined;
  /** The token of an e-mailed "undo the change of your sign-in address" link. */
  undoEmailChangeToken: string | null;
}

export function parseLoginParams(search: string): TLoginParams {
  const params = new URLSearchParams(search);
  const redirectUrl = params.get('redirectUrl');
  const nonce = params.get('nonce');
  const undoToken = params.get('undoEmailChange');
  return {
    audience: params.get('audience') === 'agent' ? 'agent' : 'customer',
    redirectUrl: isLoginRedirectAllowed(redirectUrl) ? redirectUrl : null,
    nonce: nonce !== null && NONCE_PATTERN.test(nonce) ? nonce : null,
    forcedMode: forcedSignInMode(params),
    undoEmailChangeToken:
      undoToken !== null && UNDO_TOKEN_PATTERN.test(undoToken) ? undoToken : null,
  };
}
