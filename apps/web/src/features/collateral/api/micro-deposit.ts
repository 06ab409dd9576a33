import { useMutation, useQuery } from '@tanstack/react-query';
import {
  getMicroDepositStatus as getMicroDepositStatusEndpoint,
  postMicroDepositBorrowerConfirmation,
  type TMicroDepositStatus,
} from '@pledge/contract';
import { MICRO_DEPOSIT_STATUS_POLL_MS } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';

export function getMicroDepositStatus(
  appUuid: string,
  signal?: AbortSignal,
): Promise<TMicroDepositStatus> {
  return apiRequest(getMicroDepositStatusEndpoint, { params: { appUuid }, signal });
}

export function microDepositStatusQueryKey(appUuid: string) {
  return ['application', appUuid, 'micro-deposit-status'] as const;
}

/** The optional test deposit's progress, polled while the deposit is awaited. */
export function useMicroDepositStatus(appUuid: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: microDepositStatusQueryKey(appUuid),
    queryFn: ({ signal }) => getMicroDepositStatus(appUuid, signal),
    refetchOnMount: 'always',
    enabled,
    refetchInterval: ({ state }) =>
      state.data?.status === 'AWAITING_DEPOSIT' ? MICRO_DEPOSIT_STATUS_POLL_MS : false,
  });
}

/** The borrower asks for the test deposit to be verified (no body). */
export function useVerifyMicroDeposit(appUuid: string) {
  return useMutation({
    mutationFn: () => apiRequest(postMicroDepositBorrowerConfirmation, { params: { appUuid } }),
  });
}
