import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postCreditRetry, type TApplication } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { applicationQueryKey } from './get-application.js';

/**
 * Runs the soft credit check again once the borrower has unlocked or unfrozen their credit file.
 * The server answers the application, back in the credit check; the cache takes it at once so the
 * next page waits for the new decision rather than showing the old one.
 */
export function useCreditRetry(appUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TApplication> => apiRequest(postCreditRetry, { params: { appUuid } }),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationQueryKey(appUuid), application);
    },
  });
}
