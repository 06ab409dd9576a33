import { useEffect } from 'react';
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
  const target =
    key === null
      ? null
      : stateQueryRedirect({ savedPath: readStatePath(key), currentPath: `${pathname}${search}` });

  // Forgotten after the render that read it, so a render run twice still sees it.
  useEffect(() => {
    if (key !== null) forgetStatePath(key);
  }, [key]);

  return target === null ? <Outlet /> : <Navigate replace to={target} />;
}
