/**
 * Continue pressed while signed out: the offer page sends the borrower to sign in and, on coming
 * back to the same address, carries on by itself. The tab remembers which address that was.
 */
export const CONTINUE_AFTER_SIGN_IN_KEY = 'pledge.offer.continueAfterSignIn';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function markContinueAfterSignIn(href: string): void {
  try {
    storage()?.setItem(CONTINUE_AFTER_SIGN_IN_KEY, href);
  } catch {
    // Storage refused: the borrower presses Continue once more after signing in.
  }
}

/** Whether Continue was pressed signed out on this very address (path and query). */
export function isContinueAfterSignIn(href: string): boolean {
  return storage()?.getItem(CONTINUE_AFTER_SIGN_IN_KEY) === href;
}

export function clearContinueAfterSignIn(): void {
  try {
    storage()?.removeItem(CONTINUE_AFTER_SIGN_IN_KEY);
  } catch {
    // Nothing to clear.
  }
}
