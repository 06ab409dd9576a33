import {
  hashKey,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import { preloadApiClient } from '../api/client.js';
import { notePrefetchFailed } from '../api/page-visit.js';
import { screenPreloadOf } from './lazy-screen.js';

/**
 * What a route's screen asks the server for first, started as soon as its address is rendered:
 * beside the session check rather than after it, and beside the screen's code. The query modules
 * are loaded by the prefetch (`() => import(...)`), so no schema comes with the entry.
 */
export type TRoutePrefetch = (params: Params, client: QueryClient) => Promise<unknown>;

/**
 * The routes whose screens fetch data first, by name: the server starts the same calls with the
 * page's HTML (app/early-calls.ts names them for each).
 */
export type TRouteDataName =
  'application' | 'details' | 'loan' | 'dashboard' | 'opsApplication' | 'opsLoan';

interface TRouteDataHandle {
  name: TRouteDataName;
  prefetch: TRoutePrefetch;
}

/** A route's `handle` naming what its screen fetches first. */
export function routeData(name: TRouteDataName, prefetch: TRoutePrefetch): TRouteDataHandle {
  return { name, prefetch };
}

function isRouteDataHandle(handle: unknown): handle is TRouteDataHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'prefetch' in handle &&
    typeof handle.prefetch === 'function'
  );
}

/** The data the routes at `pathname` name, each with the address's params. */
export function routeDataAt(
  routes: RouteObject[],
  pathname: string,
): { name: TRouteDataName; params: Params }[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) =>
    isRouteDataHandle(route.handle) ? [{ name: route.handle.name, params }] : [],
  );
}

/**
 * Starts a query unless the cache has it already (answered, failed or on its way): the screen's
 * own query takes it from there, as if it had made the call itself on mount; a failure included,
 * which the screen shows rather than asking again.
 */
export async function prefetchAbsent<TData, TKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<void> {
  if (client.getQueryState(options.queryKey) !== undefined) return;
  try {
    await client.fetchQuery(options);
  } catch {
    notePrefetchFailed(hashKey(options.queryKey));
  }
}

/**
 * Starts loading the code of the screen at `pathname` and the data its routes name. A failed
 * prefetch is left to the screen, which shows the failure as it would have.
 */
export function prefetchRoute(routes: RouteObject[], pathname: string, client: QueryClient): void {
  // The session check and the route's data both call the server.
  preloadApiClient();
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    void screenPreloadOf(route.element)?.()?.catch(() => undefined);
    if (isRouteDataHandle(route.handle)) {
      route.handle.prefetch(params, client).catch(() => undefined);
    }
  }
}
