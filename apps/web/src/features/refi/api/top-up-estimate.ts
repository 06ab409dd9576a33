import { useQuery } from '@tanstack/react-query';
import { postCelsiusCollateralCalculate, type TCelsiusTopUpCollateral } from '@pledge/contract';
import {
  COLLATERAL_REFRESH_MAX_UPDATES,
  COLLATERAL_REFRESH_MS,
  KRANG_STATE_POLL_MS,
  WALLET_ADDRESS_POLL_MS,
} from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';

export function topUpEstimateQueryKey(appUuid: string, offerUuid: string) {
  return ['refi', 'application', appUuid, 'top-up', offerUuid] as const;
}

export async function getTopUpEstimate(
  appUuid: string,
  offerUuid: string,
  signal?: AbortSignal,
): Promise<TCelsiusTopUpCollateral> {
  const answer = await apiRequest(postCelsiusCollateralCalculate, {
    params: { appUuid },
    body: { offerUuid },
    signal,
  });
  return answer.celsiusTopUpCollateral;
}

/**
 * How often the estimate is asked again (document 2 §4, §9): every COLLATERAL_REFRESH_MS, at most
 * COLLATERAL_REFRESH_MAX_UPDATES times, until a wallet appears; once the top-up is requested and
 * still without an address, every WALLET_ADDRESS_POLL_MS until the address arrives. With the
 * address there, while the top-up is awaited, as often as the application's state
 * (KRANG_STATE_POLL_MS), so that deposits show as they arrive with what is still to send; never
 * otherwise.
 */
export function topUpEstimateRefetchMs(input: {
  hasWallet: boolean;
  isTopUpRequested: boolean;
  updates: number;
}): number | false {
  if (input.hasWallet) return input.isTopUpRequested ? KRANG_STATE_POLL_MS : false;
  if (input.updates <= COLLATERAL_REFRESH_MAX_UPDATES) return COLLATERAL_REFRESH_MS;
  return input.isTopUpRequested ? WALLET_ADDRESS_POLL_MS : false;
}

/** The top-up estimate of an offer at the current price, with the deposit wallet once there is one. */
export function useTopUpEstimate(
  appUuid: string,
  offerUuid: string,
  { enabled, isTopUpRequested }: { enabled: boolean; isTopUpRequested: boolean },
) {
  return useQuery({
    queryKey: topUpEstimateQueryKey(appUuid, offerUuid),
    queryFn: ({ signal }) => getTopUpEstimate(appUuid, offerUuid, signal),
    enabled,
    refetchOnMount: 'always',
    refetchInterval: ({ state }) =>
      state.data === undefined
        ? false
        : topUpEstimateRefetchMs({
            hasWallet: state.data.wallet !== null,
            isTopUpRequested,
            updates: state.dataUpdateCount,
          }),
  });
}
