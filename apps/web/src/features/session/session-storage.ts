import { isLoginRedirectAllowed, type TSignInAudience } from '@pledge/domain';
import { localStore, sessionStore } from '../../api/web-storage.js';

/**
 * What the browser remembers about signing in, besides the token itself (api/token.ts): which
 * audience the token is for, whether the identity broker has recognised this browser, and the
 * sign-in under way in this tab (its return path and nonce).
 */

const TOKEN_AUDIENCE_KEY = 'pledge.jwt.audience';
const BROKER_KNOWN_KEY_PREFIX = 'pledge.signIn.brokerKnown.';
export const PENDING_SIGN_IN_KEY = 'pledge.signIn.pending';

function write(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or refused: the sign-in still works, it only forgets this detail.
  }
}

/** The audience of the stored token; a token stored without one is a customer's. */
export function readTokenAudience(): TSignInAudience {
  return localStore()?.getItem(TOKEN_AUDIENCE_KEY) === 'agent' ? 'agent' : 'customer';
}

export function writeTokenAudience(audience: TSignInAudience): void {
  write(localStore(), TOKEN_AUDIENCE_KEY, audience);
}

/** Whether a broker identity lookup has succeeded in this browser for the audience. */
export function isBrokerKnown(audience: TSignInAudience): boolean {
  return localStore()?.getItem(`${BROKER_KNOWN_KEY_PREFIX}${audience}`) === 'true';
}

export function rememberBrokerKnown(audience: TSignInAudience): void {
  write(localStore(), `${BROKER_KNOWN_KEY_PREFIX}${audience}`, 'true');
}

/** A sign-in begun in this tab: where to return, and the nonce that binds the broker's answer. */
export interface TPendingSignIn {
  audience: TSignInAudience;
  returnPath: string;
  nonce: string;
}

export function savePendingSignIn(pending: TPendingSignIn): void {
  write(sessionStore(), PENDING_SIGN_IN_KEY, JSON.stringify(pending));
}

export function readPendingSignIn(): TPendingSignIn | null {
  const text = sessionStore()?.getItem(PENDING_SIGN_IN_KEY);
  if (text == null) return null;
  try {
    const value = JSON.parse(text) as Partial<TPendingSignIn>;
    if (
      (value.audience === 'customer' || value.audience === 'agent') &&
      isLoginRedirectAllowed(value.returnPath) &&
      typeof value.nonce === 'string'
    ) {
      return { audience: value.audience, returnPath: value.returnPath, nonce: value.nonce };
    }
  } catch {
    // A damaged record is no record.
  }
  return null;
}

export function clearPendingSignIn(): void {
  try {
    sessionStore()?.removeItem(PENDING_SIGN_IN_KEY);
  } catch {
    // Nothing to clear.
  }
}
