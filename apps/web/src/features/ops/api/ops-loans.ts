import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getOpsLoan,
  getOpsLoans,
  getOpsReconciliation,
  postOpsReversePayment,
  postOpsWirePayment,
  type TPostOpsWirePaymentBody,
} from '@pledge/contract';
import type { TLoanStatusName } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import { refetchUnlessFetchedThisVisit } from '../../../api/page-visit.js';
import { idempotencyHeaders } from '../../loan/api/idempotency-key.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsFreshQuery, useOpsListPage } from './ops-fresh-query.js';
import { useOpsChange } from './use-ops-change.js';

/** One page of the console's loan list: a status, a search, and the cursor of the page. */
export interface TOpsLoansPage {
  status?: TLoanStatusName | undefined;
  search?: string | undefined;
  cursor?: string | undefined;
}

const OPS_LOANS_KEY = [...OPS_QUERY_KEY, 'loans'] as const;

export function opsLoanQueryKey(loanUuid: string) {
  return [...OPS_LOANS_KEY, 'loan', loanUuid] as const;
}

/** A page of funded loans, newest first; the previous page stays on screen while the next loads. */
export function useOpsLoans(page: TOpsLoansPage) {
  return useOpsListPage([...OPS_LOANS_KEY, 'list', page], getOpsLoans, { query: page });
}

/** One loan with its ledger, fetched afresh for each visit of its page. */
export function opsLoanQuery(loanUuid: string) {
  return queryOptions({
    queryKey: opsLoanQueryKey(loanUuid),
    queryFn: ({ signal }) =>
      apiRequest(getOpsLoan, { params: { loanUuid }, signal, cache: 'no-store' }),
    refetchOnMount: refetchUnlessFetchedThisVisit,
  });
}

export function useOpsLoan(loanUuid: string) {
  return useQuery(opsLoanQuery(loanUuid));
}

/** The reconciliation of every loan's ledger, run when the page is shown or asked again. */
export function useOpsReconciliation() {
  return useQuery(opsFreshQuery([...OPS_QUERY_KEY, 'reconciliation'], getOpsReconciliation));
}

/**
 * Proposes recording a wire received; the confirmation's key makes a second click propose once.
 * The loan and every list (the proposals too) are fetched again.
 */
export function useRecordWire(loanUuid: string) {
  return useOpsChange(
    ({ body, key }: { body: TPostOpsWirePaymentBody; key: string }) =>
      apiRequest(postOpsWirePayment, {
        params: { loanUuid },
        body,
        headers: idempotencyHeaders(key),
      }),
    OPS_QUERY_KEY,
  );
}

/** Proposes reversing a payment recorded in error, with the agent's reason; as useRecordWire. */
export function useReversePayment() {
  return useOpsChange(
    ({ paymentUuid, reason }: { paymentUuid: string; reason: string }) =>
      apiRequest(postOpsReversePayment, { params: { paymentUuid }, body: { reason } }),
    OPS_QUERY_KEY,
  );
}
