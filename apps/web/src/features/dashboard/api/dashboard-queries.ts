import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLoanStatus, getUserApps } from '@pledge/contract';
import { LOAN_STATUS_MAX_RETRIES } from '@pledge/domain';
import { apiRequest, isApiError } from '../../../api/client.js';

/** The signed-in borrower's applications, newest first. */
export const userAppsQuery = queryOptions({
  queryKey: ['dashboard', 'user-apps'] as const,
  queryFn: ({ signal }) => apiRequest(getUserApps, { signal }),
});

/**
 * The borrower's funded loans. A failed fetch is retried up to LOAN_STATUS_MAX_RETRIES times,
 * never after a 401 (document 1 §8).
 */
export const loanStatusQuery = queryOptions({
  queryKey: ['dashboard', 'loan-status'] as const,
  queryFn: ({ signal }) => apiRequest(getLoanStatus, { signal }),
  retry: (failureCount, error) =>
    !(isApiError(error) && error.status === 401) && failureCount < LOAN_STATUS_MAX_RETRIES,
});

/** Whether the dashboard's two lists have answered (or failed): what shows above the rest. */
export function useDashboardListsSettled(): boolean {
  const apps = useQuery(userAppsQuery);
  const loans = useQuery(loanStatusQuery);
  return !apps.isPending && !loans.isPending;
}
