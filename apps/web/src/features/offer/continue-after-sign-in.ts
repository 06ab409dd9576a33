import { sessionStore } from '../../api/web-storage.js';

/**
 * Continue pressed while signed out: the offer page sends the borrower to sign in and, on coming
 * back to the same address, carries on by itself. The tab remembers which address that was.
 */
export const CONTINUE_AFTER_SIGN_IN_KEY = 'pledge.offer.continueAfterSignIn';

export function markContinueAfterSignIn(href: string): void {
  try {
    sessionStore()?.setItem(CONTINUE_AFTER_SIGN_IN_KEY, href);
  } catch {
    // Storage refused: the borrower presses Continue once more after signing in.
  }
}

/** Whether Continue was pressed signed out on this very address (path and query). */
export function isContinueAfterSignIn(href: string): boolean {
  return sessionStore()?.getItem(CONTINUE_AFTER_SIGN_IN_KEY) === href;
}

export function clearContinueAfterSignIn(): void {
  try {
    sessionStore()?.removeItem(CONTINUE_AFTER_SIGN_IN_KEY);
  } catch {
    // Nothing to clear.
  }
}
