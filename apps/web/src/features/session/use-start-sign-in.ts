import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TSignInAudience } from '@pledge/domain';
import { useBrand } from '../../brand/brand-context.js';
import { forcedSignInMode } from './sign-in-paths.js';

export interface TStartSignIn {
  /**
   * Leaves for sign-in; afterwards the visitor comes back to `returnPath` (a path of this site:
   * '/' and a lower-case letter), by default the current page with its query.
   */
  startSignIn: (returnPath?: string) => Promise<void>;
  /** True from the call until the browser leaves the page. */
  isStarting: boolean;
}

/** Starting a sign-in for an audience (customer by default) from any page. */
export function useStartSignIn(audience: TSignInAudience = 'customer'): TStartSignIn {
  const { pathname, search } = useLocation();
  const { orgCode } = useBrand();
  const queryClient = useQueryClient();
  const [isStarting, setIsStarting] = useState(false);

  const startSignIn = useCallback(
    async (returnPath: string = `${pathname}${search}`) => {
      setIsStarting(true);
      // Loaded on demand: the flag and sign-in calls stay out of the first download of every page.
      const { beginSignIn, resolveSignInMode } = await import('./start-sign-in.js');
      const mode = await resolveSignInMode({ audience, search, orgCode, queryClient });
      const forcedMode = forcedSignInMode(search);
      try {
        await beginSignIn({ audience, returnPath, mode, forcedMode });
      } catch {
        // The broker's sign-in did not start: the sign-in page itself still signs the visitor in.
        await beginSignIn({ audience, returnPath, mode: 'legacy', forcedMode });
      }
    },
    [audience, orgCode, pathname, queryClient, search],
  );

  return { startSignIn, isStarting };
}
