import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postOpsSurplusPayout, type TPostOpsSurplusPayoutBody } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { idempotencyHeaders } from '../../loan/api/idempotency-key.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';

/**
 * Proposes recording the wire that paid a liquidation's surplus back; the confirmation's key makes
 * a second click propose nothing more. The loan and every list are fetched again afterwards.
 */
export function useRecordSurplusPayout(loanUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TPostOpsSurplusPayoutBody; key: string }) =>
      apiRequest(postOpsSurplusPayout, {
        params: { loanUuid },
        body,
        headers: idempotencyHeaders(key),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_QUERY_KEY }),
  });
}
