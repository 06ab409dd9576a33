import { useMutation } from '@tanstack/react-query';
import { postCreditRetry, type TApplication } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/**
 * Runs the soft credit check again once the borrower has unlocked or unfrozen their credit file.
 * The server answers the application, back in the credit check (202); the page that asked polls
 * for the new decision and puts it in the cache, so that it can show the check running first.
 */
export function useCreditRetry(appUuid: string) {
  return useMutation({
    mutationFn: (): Promise<TApplication> => apiRequest(postCreditRetry, { params: { appUuid } }),
  });
}
