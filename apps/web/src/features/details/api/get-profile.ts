import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile as getProfileEndpoint, type TGetProfileResponse } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function getProfile(signal?: AbortSignal): Promise<TGetProfileResponse> {
  return apiRequest(getProfileEndpoint, { signal });
}

export function profileQueryKey() {
  return ['profile'] as const;
}

/** The profile's query, as the details page asks for it (and its route prefetches it). */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey(),
    queryFn: ({ signal }) => getProfile(signal),
  });
}

/** The signed-in borrower's profile, which prefills the details form (an empty shell at first). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
