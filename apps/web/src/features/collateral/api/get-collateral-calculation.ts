import { useQuery, useQueryClient } from '@tanstack/react-query';
import { postCollateralCalculate, type TPostCollateralCalculateResponse } from '@pledge/contract';
import {
  COLLATERAL_REFRESH_MAX_UPDATES,
  COLLATERAL_REFRESH_MS,
  Decimal,
  KRANG_STATE_POLL_MS,
} from '@pledge/domain';
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

/** Whether everything due has been received: nothing more for the page to watch for. */
function isFullyReceived(collateral: TPostCollateralCalculateResponse): boolean {
  return new Decimal(collateral.remainingCoinAmountDue.coinQuantity).isZero();
}

/**
 * The collateral due at the current price, with the deposit wallet. The server derives the wallet
 * on the first calculation, so the answer is asked again every COLLATERAL_REFRESH_MS until a wallet
 * appears, at most COLLATERAL_REFRESH_MAX_UPDATES times after the first answer (document 1 §4).
 * Once there is a wallet, deposits arrive while the page is open: the answer is asked again every
 * KRANG_STATE_POLL_MS (the 2 s the spec polls an application with, document 2 §4, §9) until
 * nothing more is due, so the amounts and transactions follow them without a reload.
 */
export function useCollateralCalculation(appUuid: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: collateralCalculationQueryKey(appUuid),
    queryFn: ({ signal }) => getCollateralCalculation(appUuid, signal),
    refetchOnMount: 'always',
    enabled,
    refetchInterval: ({ state }) => {
      if (state.data === undefined) return false;
      if (state.data.wallet === null) {
        return state.dataUpdateCount <= COLLATERAL_REFRESH_MAX_UPDATES
          ? COLLATERAL_REFRESH_MS
          : false;
      }
      return isFullyReceived(state.data) ? false : KRANG_STATE_POLL_MS;
    },
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
