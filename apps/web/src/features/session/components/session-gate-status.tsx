import { createContext } from 'react';

/**
 * Set while the server renders a signed-in page's frame (entry-server.tsx): nobody's session is
 * known there, so the page shows as it first does in the browser of a visitor holding a sign-in,
 * its session being checked.
 */
export const SignInCheckFrame = createContext(false);

/**
 * Marks the status the server sends in a signed-in page's HTML, before the app runs: the browser
 * then renders the page afresh over it (main.tsx) rather than hydrating it, since what it shows
 * next depends on the session the server did not check.
 */
export const BEFORE_APP_ATTRIBUTE = 'data-before-app';

/**
 * What a page that needs a signed-in visitor shows until the session is known: the check under
 * way, or the way to sign in. `beforeApp`: the server's copy (entry-server.tsx).
 */
export function SessionGateStatus({
  isChecking,
  beforeApp = false,
}: {
  isChecking: boolean;
  beforeApp?: boolean;
}) {
  return (
    <p className="loading" role="status" {...(beforeApp ? { [BEFORE_APP_ATTRIBUTE]: '' } : {})}>
      {isChecking ? 'Checking your sign-in…' : 'Taking you to sign in…'}
    </p>
  );
}
