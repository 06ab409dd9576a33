import type { Query, QueryKey } from '@tanstack/react-query';

/**
 * When the visit of the page shown began: the page load (0, as the query cache is new with it), or
 * the in-app navigation to its address. Data a page fetches afresh "each time it is shown" counts
 * as fresh when it was fetched since then: the route's prefetch, started with the session check,
 * fetched it for this very visit.
 */
let visit: { key: string; startedAt: number; failedPrefetches: Set<string> } | undefined;

/**
 * A new query cache starts a new page load: nothing in it was fetched before, so the first address
 * rendered with it is the load's visit (called by createQueryClient; the tests' setup calls it
 * after each test, as their module state outlives one page).
 */
export function startPageLoad(): void {
  visit = undefined;
}

/**
 * The history state of a redirect that continues the visit of the page it leaves: a page that
 * only leads elsewhere once its data is fresh (an application's entry leads where its state says)
 * hands that data on, fetched for this very visit, instead of the next page asking for it again.
 * It names the visit it continues, so that coming back to the address later is a visit of its own.
 */
export function visitContinuation(): { continuesVisitOf: string } | undefined {
  return visit === undefined ? undefined : { continuesVisitOf: visit.key };
}

function continuesVisitOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('continuesVisitOf' in state)) {
    return undefined;
  }
  return typeof state.continuesVisitOf === 'string' ? state.continuesVisitOf : undefined;
}

/**
 * Called as the router renders an address (`key` is its history entry's, `state` its history
 * state): a new address begins a visit, unless it is a redirect continuing the current one.
 */
export function markPageVisit(key: string, state?: unknown): void {
  if (visit === undefined) {
    // The page load itself: everything in the cache was fetched for it.
    visit = { key, startedAt: 0, failedPrefetches: new Set() };
  } else if (visit.key !== key) {
    visit =
      continuesVisitOf(state) === visit.key
        ? { ...visit, key }
        : { key, startedAt: Date.now(), failedPrefetches: new Set() };
  }
}

/** A query (by its hash) that the route's prefetch asked for in this visit, and that failed. */
export function notePrefetchFailed(queryHash: string): void {
  visit?.failedPrefetches.add(queryHash);
}

/**
 * Whether this visit's prefetch of the query failed: its screen then shows that failure, with its
 * own retry, rather than asking again as it mounts (a failed call is not retried by itself).
 */
export function didPrefetchFailThisVisit(queryHash: string): boolean {
  return visit?.failedPrefetches.has(queryHash) ?? false;
}

/** When the current page's visit began (ms since the epoch; 0 for the page load). */
export function pageVisitStartedAt(): number {
  return visit?.startedAt ?? 0;
}

/**
 * `refetchOnMount` of data fetched afresh each time its page is shown: fetched again unless it was
 * fetched (or is being fetched) since the visit began.
 */
export function refetchUnlessFetchedThisVisit<TData, TKey extends QueryKey>(
  query: Query<TData, Error, TData, TKey>,
): boolean | 'always' {
  const isFetching = query.state.fetchStatus === 'fetching';
  return isFetching || query.state.dataUpdatedAt >= pageVisitStartedAt() ? false : 'always';
}
