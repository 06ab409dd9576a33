import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TSignInAudience } from '@pledge/domain';
import { SESSION_QUERY_KEY } from './session-query.js';

/**
 * A session ends on the server when it goes unused for a while (the idle timeout of the domain's
 * SESSION_LIMITS). A tab the visitor comes back to checks its session at once: one that ended
 * meanwhile is refused, the token is cleared and the visitor is taken to sign in and back to this
 * page, before typing into a page that could no longer save. A session still open is renewed by
 * the check, like by any other call.
 */
export function useSessionCheckOnReturn(audience: TSignInAudience, isSignedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn) return undefined;
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') return;
      void queryClient.refetchQueries({ queryKey: [SESSION_QUERY_KEY, audience], type: 'active' });
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [audience, isSignedIn, queryClient]);
}
