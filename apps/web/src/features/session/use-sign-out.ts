import { useCallback } from 'react';
import { setSigningOut, useIsSigningOut } from './sign-out-state.js';
import type { TSession } from './use-session.js';

/** Signing out of the session shown; `isSigningOut` stays true until the browser leaves. */
export function useSignOut(session: TSession): {
  signOut: () => Promise<void>;
  isSigningOut: boolean;
} {
  const source = session.status === 'signed-in' ? session.source : null;
  const isSigningOut = useIsSigningOut();
  // Loaded on demand, like the sign-in calls.
  const onSignOut = useCallback(async () => {
    setSigningOut(true);
    const { signOut } = await import('./sign-out.js');
    await signOut(source);
  }, [source]);
  return { signOut: onSignOut, isSigningOut };
}
