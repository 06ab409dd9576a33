import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { PRICE_CACHE_MS } from '@pledge/domain';
import type { TGetCryptoValuesQuery, TGetCryptoValuesResponse } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function getCryptoValues(
  query: TGetCryptoValuesQuery,
  signal?: AbortSignal,
): Promise<TGetCryptoValuesResponse> {
  return apiRequest(async () => (await import('./endpoints.js')).getCryptoValues, {
    query,
    signal,
  });
}

/** Idle (no call) while `query` is null, i.e. until the residence is known. */
export function cryptoValuesQueryOptions(query: TGetCryptoValuesQuery | null) {
  return queryOptions({
    queryKey: ['prices', 'crypto-values', query],
    queryFn: query === null ? skipToken : ({ signal }) => getCryptoValues(query, signal),
    // Prices are cached for five minutes (document 2 §7).
    staleTime: PRICE_CACHE_MS,
  });
}

/** The value of one coin and the minimum coin quantity per collateral type for a residence. */
export function useCryptoValues(query: TGetCryptoValuesQuery | null) {
  return useQuery(cryptoValuesQueryOptions(query));
}
