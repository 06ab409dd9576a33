import { queryOptions } from '@tanstack/react-query';
import { getServicingLoan, type TServicingLoan } from '@pledge/contract';
import { apiRequest, isApiError } from '../../../api/client.js';
import { refetchUnlessFetchedThisVisit } from '../../../api/page-visit.js';

export function loanQueryKey(loanUuid: string) {
  return ['loan', loanUuid] as const;
}

/**
 * One of the borrower's loans as the server's ledger has it. Fetched afresh for each visit of its
 * page: balances move with every payment and every day's interest. A 404 (no such loan, or
 * another borrower's) is not retried.
 */
export function servicingLoanQuery(loanUuid: string) {
  return queryOptions({
    queryKey: loanQueryKey(loanUuid),
    queryFn: ({ signal }): Promise<TServicingLoan> =>
      apiRequest(getServicingLoan, { params: { loanUuid }, signal, cache: 'no-store' }),
    retry: (failureCount, error) =>
      !(isApiError(error) && [400, 401, 403, 404].includes(error.status)) && failureCount < 2,
    refetchOnMount: refetchUnlessFetchedThisVisit,
  });
}
