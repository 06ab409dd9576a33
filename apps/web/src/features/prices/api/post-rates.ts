import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { PRICE_CACHE_MS } from '@pledge/domain';
import type { TPostRatesBody, TPostRatesQuery, TPostRatesResponse } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export interface TRatesRequest {
  query: TPostRatesQuery;
  body: TPostRatesBody;
}

export function postRates(
  { query, body }: TRatesRequest,
  signal?: AbortSignal,
): Promise<TPostRatesResponse> {
  return apiRequest(async () => (await import('./endpoints.js')).postRates, {
    query,
    body,
    signal,
  });
}

/** Idle (no call) while `request` is null. */
export function ratesQueryOptions(request: TRatesRequest | null) {
  return queryOptions({
    queryKey: ['prices', 'rates', request],
    queryFn: request === null ? skipToken : ({ signal }) => postRates(request, signal),
    // Rates are priced from the coin prices, so they share the price cache time (document 2 §7).
    staleTime: PRICE_CACHE_MS,
  });
}

/**
 * The rate bands for a coin quantity in a residence. The call is a POST that only reads, so it is a
 * query; the previous answer stays on screen while the borrower edits the amounts.
 */
export function useRates(request: TRatesRequest | null) {
  return useQuery({ ...ratesQueryOptions(request), placeholderData: keepPreviousData });
}
