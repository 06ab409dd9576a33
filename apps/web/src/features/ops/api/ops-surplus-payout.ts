import { postOpsSurplusPayout, type TPostOpsSurplusPayoutBody } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { idempotencyHeaders } from '../../loan/api/idempotency-key.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { useOpsChange } from './use-ops-change.js';

/**
 * Proposes recording the wire that paid a liquidation's surplus back; the confirmation's key makes
 * a second click propose nothing more. The loan and every list are fetched again afterwards.
 */
export function useRecordSurplusPayout(loanUuid: string) {
  return useOpsChange(
    ({ body, key }: { body: TPostOpsSurplusPayoutBody; key: string }) =>
      apiRequest(postOpsSurplusPayout, {
        params: { loanUuid },
        body,
        headers: idempotencyHeaders(key),
      }),
    OPS_QUERY_KEY,
  );
}
