import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetValidStatesResponse } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function getValidStates(signal?: AbortSignal): Promise<TGetValidStatesResponse> {
  return apiRequest(async () => (await import('./endpoints.js')).getValidStates, { signal });
}

export function validStatesQueryOptions() {
  return queryOptions({
    queryKey: ['residency', 'valid-states'],
    queryFn: ({ signal }) => getValidStates(signal),
  });
}

/** US states with whether loans are offered there and their loan amount limits. */
export function useValidStates() {
  return useQuery(validStatesQueryOptions());
}
