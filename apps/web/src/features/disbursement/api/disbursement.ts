import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  getDisbursement,
  postDisbursementAccount,
  postManualBank,
  postWalletAddress,
  type TDisbursement,
  type TFinalSteps,
  type TPostDisbursementAccountBody,
  type TPostManualBankBody,
  type TPostWalletAddressBody,
} from '@pledge/contract';
import { markDisbursementDone } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import { finalStepsQueryKey } from '../../final-steps/api/get-final-steps.js';

export function savedDisbursementQueryKey(appUuid: string) {
  return ['application', appUuid, 'disbursement'] as const;
}

/** The payout destination on record (null before one is given), read each time a page opens. */
export function useSavedDisbursement(appUuid: string) {
  return useQuery({
    queryKey: savedDisbursementQueryKey(appUuid),
    queryFn: async ({ signal }) =>
      (await apiRequest(getDisbursement, { params: { appUuid }, signal })).disbursement,
    refetchOnMount: 'always',
  });
}

export function saveManualBank(appUuid: string, body: TPostManualBankBody): Promise<TDisbursement> {
  return apiRequest(postManualBank, { params: { appUuid }, body });
}

export function chooseDisbursementAccount(
  appUuid: string,
  body: TPostDisbursementAccountBody,
): Promise<TDisbursement> {
  return apiRequest(postDisbursementAccount, { params: { appUuid }, body });
}

export function saveWalletAddress(
  appUuid: string,
  body: TPostWalletAddressBody,
): Promise<TDisbursement> {
  return apiRequest(postWalletAddress, { params: { appUuid }, body });
}

/** The checklist shows the disbursement done at once, before it is fetched again (document 1 §4). */
export function markDisbursementDoneInCache(queryClient: QueryClient, appUuid: string): void {
  queryClient.setQueryData<TFinalSteps>(finalStepsQueryKey(appUuid), (steps) =>
    steps === undefined
      ? undefined
      : {
          ...steps,
          // The domain names the overall status differently; only the items change.
          items: markDisbursementDone({ items: steps.items, overallStatus: steps.status }).items,
        },
  );
}
