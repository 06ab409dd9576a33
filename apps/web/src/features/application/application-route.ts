import { APP_ROUTE_SEGMENTS, appPath, toAppPath, type TAppRouteSegment } from '@pledge/domain';
import { paths } from '../../config/paths.js';

/** A page of an application, or the dashboard outside this app: where the rules send a borrower. */
export type TApplicationDestination = TAppRouteSegment | 'dashboard';

/** The address of a destination for one application. */
export function applicationDestinationHref(
  appUuid: string,
  destination: TApplicationDestination,
): string {
  return destination === 'dashboard' ? paths.dashboard.getHref() : appPath(appUuid, destination);
}

/**
 * Which page of an application a path shows: the segment after /{appUuid}/ ('next-steps',
 * 'disbursement/link-account'), or null for the application's own entry (/{appUuid}) and for any
 * path that is not an application page. A trailing slash is ignored.
 */
export function applicationPageOf(path: string): TAppRouteSegment | null {
  const appRelative = toAppPath(path);
  if (appRelative === null) return null;
  const [, , ...rest] = appRelative.replace(/\/+$/, '').split('/');
  const segment = rest.join('/');
  return APP_ROUTE_SEGMENTS.find((known) => known === segment) ?? null;
}
