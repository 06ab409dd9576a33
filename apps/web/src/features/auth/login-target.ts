import { isLoginRedirectAllowed, type TSignInAudience } from '@pledge/domain';
import type { TPendingSignIn } from '../session/session-storage.js';
import { DEFAULT_LANDING } from '../session/sign-in-paths.js';

/**
 * Where a finished sign-in goes. A broker sign-in begun with a nonce returns where the broker
 * remembered for it; otherwise to the page's own return path, or the one this tab stored when it
 * left for sign-in; else the audience's landing page. Every candidate must pass the domain's rule
 * (a slash and a lower-case letter).
 */
export function loginTarget(input: {
  audience: TSignInAudience;
  /** The broker's answer for the nonce, or null for the legacy sign-in. */
  brokerRedirect: string | null;
  /** Whether the nonce came from the broker's login (so the broker knows its return path). */
  isBrokerNonce: boolean;
  requestedRedirect: string | null;
  pending: TPendingSignIn | null;
}): string {
  const stored =
    input.pending !== null && input.pending.audience === input.audience
      ? input.pending.returnPath
      : null;
  const candidates = input.isBrokerNonce
    ? [input.brokerRedirect, input.requestedRedirect, stored]
    : [input.requestedRedirect, stored, input.brokerRedirect];
  return candidates.find(isLoginRedirectAllowed) ?? DEFAULT_LANDING[input.audience];
}
