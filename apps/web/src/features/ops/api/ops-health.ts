import { useQuery } from '@tanstack/react-query';
import { getOpsHealth } from '@pledge/contract';
import { OPS_HEALTH_REFRESH_MS } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';

export const OPS_HEALTH_QUERY_KEY = [...OPS_QUERY_KEY, 'health'] as const;

/** The dependency report, read when the page is shown and again every OPS_HEALTH_REFRESH_MS. */
export function useOpsHealth() {
  return useQuery({
    queryKey: OPS_HEALTH_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(getOpsHealth, { signal, cache: 'no-store' }),
    refetchOnMount: 'always',
    refetchInterval: OPS_HEALTH_REFRESH_MS,
  });
}
