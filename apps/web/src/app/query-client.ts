import {
  QueryClient,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { didPrefetchFailThisVisit, startPageLoad } from '../api/page-visit.js';

/**
 * A screen mounting on a query whose route prefetch failed in this visit shows that failure (with
 * its retry) instead of asking again: the prefetch was the screen's call, made earlier.
 */
class PageQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    return didPrefetchFailThisVisit(defaulted.queryHash)
      ? { ...defaulted, retryOnMount: false }
      : defaulted;
  }
}

/**
 * Query defaults of document 2 §7: data is fetched when a screen needs it and not again on mount,
 * reconnect or window focus, and a failed call is not retried (screens offer their own retry).
 */
export function createQueryClient(): QueryClient {
  startPageLoad();
  return new PageQueryClient({
    defaultOptions: {
      queries: {
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
