import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCollateral,
  postCollateralRelease,
  type TGetCollateralResponse,
  type TPostCollateralReleaseResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function collateralQueryKey(appUuid: string) {
  return ['application', appUuid, 'collateral'] as const;
}

export function fetchCollateral(
  appUuid: string,
  signal?: AbortSignal,
): Promise<TGetCollateralResponse> {
  return apiRequest(getCollateral, { params: { appUuid }, signal });
}

/** The settled collateral of a paid-off loan: balance, transactions, release request, payoff. */
export function useSettledCollateral(appUuid: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: collateralQueryKey(appUuid),
    queryFn: ({ signal }) => fetchCollateral(appUuid, signal),
    refetchOnMount: 'always',
    enabled,
  });
}

export function requestCollateralRelease(
  appUuid: string,
  returnAddress: string,
): Promise<TPostCollateralReleaseResponse> {
  return apiRequest(postCollateralRelease, { params: { appUuid }, body: { returnAddress } });
}

/**
 * Asks for the collateral back. The server is idempotent (a repeat answers DUPLICATE_REQUEST); the
 * collateral is fetched again afterwards so the page shows the request as the server holds it.
 */
export function useCollateralRelease(appUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (returnAddress: string) => requestCollateralRelease(appUuid, returnAddress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collateralQueryKey(appUuid) }),
  });
}
