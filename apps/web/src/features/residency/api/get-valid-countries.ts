import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetValidCountriesResponse } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function getValidCountries(signal?: AbortSignal): Promise<TGetValidCountriesResponse> {
  return apiRequest(async () => (await import('./endpoints.js')).getValidCountries, { signal });
}

export function validCountriesQueryOptions() {
  return queryOptions({
    queryKey: ['residency', 'valid-countries'],
    queryFn: ({ signal }) => getValidCountries(signal),
  });
}

/** Countries of residence for international borrowers, with whether each is enabled. */
export function useValidCountries({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...validCountriesQueryOptions(), enabled });
}
