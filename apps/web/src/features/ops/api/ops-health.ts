import { useQuery } from '@tanstack/react-query';
import { getOpsHealth } from '@pledge/contract';
import { OPS_HEALTH_REFRESH_MS } from '@pledge/domain';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsFreshQuery } from './ops-fresh-query.js';

export const OPS_HEALTH_QUERY_KEY = [...OPS_QUERY_KEY, 'health'] as const;

/** The dependency report, read when the page is shown and again every OPS_HEALTH_REFRESH_MS. */
export function useOpsHealth() {
  return useQuery({
    ...opsFreshQuery(OPS_HEALTH_QUERY_KEY, getOpsHealth),
    refetchInterval: OPS_HEALTH_REFRESH_MS,
  });
}
