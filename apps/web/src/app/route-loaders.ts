import { redirect, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { BASE_PATH, startNeedsResidency, unknownPathRedirect } from '@pledge/domain';
import { paths } from '../config/paths.js';

/** Sends the bare base path (and the site root) to the offer page, keeping the query. */
export function redirectToStart({ request }: LoaderFunctionArgs) {
  return redirect(`${paths.start.getHref()}${new URL(request.url).search}`);
}

/** The offer page needs a residence; without one the borrower picks it first (document 1 §2). */
export function startLoader({ request }: LoaderFunctionArgs) {
  if (startNeedsResidency({ search: new URL(request.url).search, isRenewal: false })) {
    return redirect(paths.residency.getHref());
  }
  return null;
}

/**
 * Any other path goes to its application's entry or to the offer page (document 1 §2); the query
 * goes along, so a residence in it still applies.
 */
export function unknownPathLoader({ request }: LoaderFunctionArgs) {
  const { pathname, search } = new URL(request.url);
  return redirect(`${BASE_PATH}${unknownPathRedirect(pathname)}${search}`);
}

const ZIdParams = z.object({ appUuid: z.uuid().optional(), offerUuid: z.uuid().optional() });

/**
 * Application and offer pages exist only for real ids: anything else in their place is an unknown
 * path, which ends on the offer page (with the query, as for any unknown path).
 */
export function requireUuidParams({ params, request }: LoaderFunctionArgs) {
  if (ZIdParams.safeParse(params).success) return null;
  return redirect(`${paths.start.getHref()}${new URL(request.url).search}`);
}
