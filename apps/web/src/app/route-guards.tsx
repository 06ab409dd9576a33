import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import {
  BASE_PATH,
  isUuidSegment,
  siteEntryRedirect,
  startNeedsResidency,
  unknownPathRedirect,
} from '@pledge/domain';
import { paths } from '../config/paths.js';

// Redirects replace the address they leave, so Back never returns to a page that sends you on.

/**
 * Sends the bare base path (and the site root) to the offer page with the query, or to residency
 * when the query names none (as the server answers these addresses when it serves them).
 */
export function RedirectToStart() {
  const { search } = useLocation();
  return <Navigate replace to={`${BASE_PATH}${siteEntryRedirect(search)}`} />;
}

/** The offer page needs a residence; without one the borrower picks it first (document 1 §2). */
export function RequireResidence({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  if (startNeedsResidency({ search, isRenewal: false })) {
    return <Navigate replace to={paths.residency.getHref()} />;
  }
  return children;
}

/**
 * Any other path goes to its application's entry or to the offer page (document 1 §2); the query
 * goes along, so a residence in it still applies.
 */
export function RedirectUnknownPath() {
  const { pathname, search } = useLocation();
  return <Navigate replace to={`${BASE_PATH}${unknownPathRedirect(pathname)}${search}`} />;
}

/** An id that is absent (the route has none) or a UUID. */
function isIdParam(value: string | undefined): boolean {
  return value === undefined || isUuidSegment(value);
}

/**
 * Application and offer pages exist only for real ids: anything else in their place is an unknown
 * path, which ends on the offer page (with the query, as for any unknown path).
 */
export function RequireUuidParams() {
  const params = useParams();
  const { search } = useLocation();
  if (isIdParam(params.appUuid) && isIdParam(params.offerUuid)) return <Outlet />;
  return <Navigate replace to={`${paths.start.getHref()}${search}`} />;
}
