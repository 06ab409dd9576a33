import { useQuery } from '@tanstack/react-query';
import { getOpsCollateralDiscrepancies } from '@pledge/contract';
import { OPS_RISK_REFRESH_MS } from './ops-risk.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsFreshQuery } from './ops-fresh-query.js';

export const OPS_COLLATERAL_DISCREPANCIES_QUERY_KEY = [
  ...OPS_QUERY_KEY,
  'collateral-discrepancies',
] as const;

/** Deposit addresses whose last confirmed balance is below their loan's coins, read with the queue. */
export function useOpsCollateralDiscrepancies() {
  return useQuery({
    ...opsFreshQuery(OPS_COLLATERAL_DISCREPANCIES_QUERY_KEY, getOpsCollateralDiscrepancies),
    refetchInterval: OPS_RISK_REFRESH_MS,
  });
}
