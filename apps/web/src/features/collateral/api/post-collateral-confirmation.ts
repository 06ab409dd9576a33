import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  postCollateralBorrowerConfirmation,
  postCollateralSourceWalletType,
  type TCollateralInfo,
} from '@pledge/contract';
import type { TWalletSourceType } from '@pledge/domain';
import { apiRequest, isApiError } from '../../../api/client.js';
import { collateralCalculationQueryKey } from './get-collateral-calculation.js';

/** The server's answer when the collateral was counted already: its wallet type is settled. */
const COLLATERAL_ALREADY_RECEIVED = 'COLLATERAL_ALREADY_RECEIVED';

/**
 * "I have sent the required amount of collateral": the wallet type first, then the confirmation
 * itself (document 1 §7). Both calls are idempotent on the server. Coins that arrived before the
 * borrower pressed Continue fix the wallet type; the confirmation still goes through.
 */
export async function confirmCollateralSent(
  appUuid: string,
  walletType: TWalletSourceType,
): Promise<TCollateralInfo> {
  try {
    await apiRequest(postCollateralSourceWalletType, { params: { appUuid }, body: walletType });
  } catch (error) {
    if (!(isApiError(error) && error.code === COLLATERAL_ALREADY_RECEIVED)) throw error;
  }
  return apiRequest(postCollateralBorrowerConfirmation, { params: { appUuid } });
}

export function useConfirmCollateralSent(appUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletType: TWalletSourceType) => confirmCollateralSent(appUuid, walletType),
    onSuccess: (collateral) => {
      queryClient.setQueryData(collateralCalculationQueryKey(appUuid), collateral);
    },
  });
}
