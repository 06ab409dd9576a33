import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import {
  forgetStatePath,
  readStatePath,
  stateQueryKey,
  stateQueryRedirect,
} from '../state-query-redirect.js';

/**
 * Around every page: a `state` query parameter that names a saved path sends the borrower there,
 * once (document 1 §2; the rules are in state-query-redirect.ts).
 */
export function StateQueryRedirect() {
  const { pathname, search } = useLocation();
  const key = stateQueryKey(search);
  // Read once per key: it is forgotten after the first render, and the redirect may come later.
  const savedPath = useMemo(() => (key === null ? null : readStatePath(key)), [key]);
  const isHydrating = useIsHydrating();
  // A server-rendered page (/residency, /start) has no saved path on the server: hydration renders
  // the same page the server did, and the redirect follows in the render right after it.
  const target =
    savedPath === null || isHydrating
      ? null
      : stateQueryRedirect({ savedPath, currentPath: `${pathname}${search}` });

  // Forgotten after the render that read it, so a render run twice still sees it.
  useEffect(() => {
    if (key !== null) forgetStatePath(key);
  }, [key]);

  return target === null ? <Outlet /> : <Navigate replace to={target} />;
}

const subscribeToNothing = () => () => {};

/** True while React hydrates server-rendered HTML (and on the server), false in every later render. */
function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
