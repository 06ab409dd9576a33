import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { TEndpoint } from '@pledge/contract';
import { apiRequest, type TApiRequestOptions } from '../../../api/client.js';

/**
 * A console read, fetched again each time its page is shown and never answered from the
 * browser's cache: what the console shows changes all the time.
 */
export function opsFreshQuery<const TKey extends QueryKey, E extends TEndpoint>(
  queryKey: TKey,
  endpoint: E,
  options?: Omit<TApiRequestOptions<E>, 'signal' | 'cache'>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest(endpoint, { ...options, signal, cache: 'no-store' } as TApiRequestOptions<E>),
    refetchOnMount: 'always',
  });
}

/**
 * A page of a console list (a filter, a search, a cursor), read as opsFreshQuery reads: the page
 * shown stays on screen while the next one loads.
 */
export function useOpsListPage<E extends TEndpoint>(
  queryKey: QueryKey,
  endpoint: E,
  options?: Omit<TApiRequestOptions<E>, 'signal' | 'cache'>,
) {
  return useQuery({
    ...opsFreshQuery(queryKey, endpoint, options),
    placeholderData: keepPreviousData,
  });
}
