import { useQuery } from '@tanstack/react-query';
import {
  getOpsRiskQueue,
  postOpsLiquidationFill,
  type TPostOpsLiquidationFillBody,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { idempotencyHeaders } from '../../loan/api/idempotency-key.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsFreshQuery } from './ops-fresh-query.js';
import { useOpsChange } from './use-ops-change.js';

export const OPS_RISK_QUERY_KEY = [...OPS_QUERY_KEY, 'risk'] as const;

/** The queue moves with every price: fetched again this often while the page is open. */
export const OPS_RISK_REFRESH_MS = 30_000;

/** Loans in warning and margin call, open liquidation orders and the latest prices. */
export function useOpsRiskQueue() {
  return useQuery({
    ...opsFreshQuery(OPS_RISK_QUERY_KEY, getOpsRiskQueue),
    refetchInterval: OPS_RISK_REFRESH_MS,
  });
}

/**
 * Proposes the desk's fill of a liquidation order; the dialog's key makes a second click or a retry
 * propose it once. The queue and the proposals waiting for a second agent are fetched again.
 */
export function useRecordLiquidationFill() {
  return useOpsChange(
    ({
      liquidationUuid,
      body,
      key,
    }: {
      liquidationUuid: string;
      body: TPostOpsLiquidationFillBody;
      key: string;
    }) =>
      apiRequest(postOpsLiquidationFill, {
        params: { liquidationUuid },
        body,
        headers: idempotencyHeaders(key),
      }),
    OPS_QUERY_KEY,
  );
}
