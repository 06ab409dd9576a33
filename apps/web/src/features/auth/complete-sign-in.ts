import type { TSignInAudience } from '@pledge/domain';
import { setToken } from '../../api/token.js';
import { browserNavigation } from '../session/browser-navigation.js';
import { clearPendingSignIn, writeTokenAudience } from '../session/session-storage.js';

/**
 * Keeps the new token and loads the page to return to: a fresh page load starts every piece of
 * state (and, in the sandbox, the brand of the address) from the new session.
 */
export function completeSignIn(input: {
  jwt: string;
  audience: TSignInAudience;
  target: string;
}): void {
  writeTokenAudience(input.audience);
  setToken(input.jwt);
  clearPendingSignIn();
  browserNavigation.assign(input.target);
}
