import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  postCollateralBorrowerConfirmation,
  postCollateralSourceWalletType,
  type TCollateralInfo,
} from '@pledge/contract';
import type { TWalletSourceType } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import { collateralCalculationQueryKey } from './get-collateral-calculation.js';

/**
 * "I have sent the required amount of collateral": the wallet type first, then the confirmation
 * itself (document 1 §7). Both calls are idempotent on the server and accepted before or after the
 * coins arrive, so a refusal of either is a real error: the page stays and says so.
 */
export async function confirmCollateralSent(
  appUuid: string,
  walletType: TWalletSourceType,
): Promise<TCollateralInfo> {
  await apiRequest(postCollateralSourceWalletType, { params: { appUuid }, body: walletType });
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
