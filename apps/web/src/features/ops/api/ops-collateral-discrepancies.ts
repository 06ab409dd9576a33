import { useQuery } from '@tanstack/react-query';
import { getOpsCollateralDiscrepancies } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { OPS_RISK_REFRESH_MS } from './ops-risk.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';

export const OPS_COLLATERAL_DISCREPANCIES_QUERY_KEY = [
  ...OPS_QUERY_KEY,
  'collateral-discrepancies',
] as const;

/** Deposit addresses whose last confirmed balance is below their loan's coins, read with the queue. */
export function useOpsCollateralDiscrepancies() {
  return useQuery({
    queryKey: OPS_COLLATERAL_DISCREPANCIES_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiRequest(getOpsCollateralDiscrepancies, { signal, cache: 'no-store' }),
    refetchOnMount: 'always',
    refetchInterval: OPS_RISK_REFRESH_MS,
  });
}
