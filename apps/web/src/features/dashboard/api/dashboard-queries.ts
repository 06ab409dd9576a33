import { queryOptions } from '@tanstack/react-query';
import { getLoanStatus, getUserApps } from '@pledge/contract';
import { LOAN_STATUS_MAX_RETRIES } from '@pledge/domain';
import { apiRequest, isApiError } from '../../../api/client.js';

/**
 * The signed-in borrower's applications, newest first. The dashboard is where every journey comes
 * back to, and an application moves on the server meanwhile (a deadline, a re-priced renewal, an
 * agent): it shows what it has at once and asks again each time it opens.
 */
export const userAppsQuery = queryOptions({
  queryKey: ['dashboard', 'user-apps'] as const,
  queryFn: ({ signal }) => apiRequest(getUserApps, { signal }),
  refetchOnMount: 'always',
});

/**
 * The borrower's funded loans, asked again each time the dashboard opens. A failed fetch is retried up to LOAN_STATUS_MAX_RETRIES times,
 * never after a 401 (document 1 §8).
 */
export const loanStatusQuery = queryOptions({
  queryKey: ['dashboard', 'loan-status'] as const,
  queryFn: ({ signal }) => apiRequest(getLoanStatus, { signal }),
  refetchOnMount: 'always',
  retry: (failureCount, error) =>
    !(isApiError(error) && error.status === 401) && failureCount < LOAN_STATUS_MAX_RETRIES,
});
