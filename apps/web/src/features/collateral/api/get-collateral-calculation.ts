import { useQuery, useQueryClient } from '@tanstack/react-query';
import { postCollateralCalculate, type TPostCollateralCalculateResponse } from '@pledge/contract';
import { COLLATERAL_REFRESH_MAX_UPDATES, COLLATERAL_REFRESH_MS } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';

export function getCollateralCalculation(
  appUuid: string,
  signal?: AbortSignal,
): Promise<TPostCollateralCalculateResponse> {
  return apiRequest(postCollateralCalculate, { params: { appUuid }, signal });
}

export function collateralCalculationQueryKey(appUuid: string) {
  return ['application', appUuid, 'collateral', 'calculate'] as const;
}

/**
 * The collateral due at the current price, with the deposit wallet. The server derives the wallet
 * on the first calculation, so the answer is asked again every COLLATERAL_REFRESH_MS until a wallet
 * appears, at most COLLATERAL_REFRESH_MAX_UPDATES times after the first answer (document 1 §4).
 */
export function useCollateralCalculation(appUuid: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: collateralCalculationQueryKey(appUuid),
    queryFn: ({ signal }) => getCollateralCalculation(appUuid, signal),
    refetchOnMount: 'always',
    enabled,
    refetchInterval: ({ state }) =>
      state.data !== undefined &&
      state.data.wallet === null &&
      state.dataUpdateCount <= COLLATERAL_REFRESH_MAX_UPDATES
        ? COLLATERAL_REFRESH_MS
        : false,
  });
  // Read on each render, which every answer causes.
  const updates =
    queryClient.getQueryState(collateralCalculationQueryKey(appUuid))?.dataUpdateCount ?? 0;
  const isWaitingForWallet =
    query.data !== undefined &&
    query.data.wallet === null &&
    updates <= COLLATERAL_REFRESH_MAX_UPDATES &&
    !query.isError;
  return { ...query, isWaitingForWallet };
}
