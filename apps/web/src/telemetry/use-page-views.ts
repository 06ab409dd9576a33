import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { BASE_PATH } from '@pledge/domain';
import { telemetry, type TTelemetryClient } from './telemetry-client.js';

export const PAGE_VIEW_EVENT = 'PAGE_VIEW';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const APPLICATION_PATH = new RegExp(`^${BASE_PATH}/(?:celsius-refi/)?(${UUID})(?:/|$)`, 'i');

/** The application a page belongs to, read from its path, or null. */
export function applicationUuidOf(pathname: string): string | null {
  return APPLICATION_PATH.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

/**
 * Sends a page-view event on every route change (document 1 §2, document 2 §7). A change of the
 * query alone (a form keeping its inputs in the address) is not a new page.
 */
export function usePageViews(client: TTelemetryClient = telemetry): void {
  const { pathname, search } = useLocation();
  const viewedPath = useRef<string | null>(null);
  useEffect(() => {
    if (viewedPath.current === pathname) return;
    viewedPath.current = pathname;
    void client.trackEvent({
      event: PAGE_VIEW_EVENT,
      dontDedupe: true,
      pagePath: pathname,
      search,
      applicationUuid: applicationUuidOf(pathname),
    });
  }, [client, pathname, search]);
}
