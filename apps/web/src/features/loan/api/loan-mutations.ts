import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  postServicingDeferral,
  postServicingDeferralPreview,
  postServicingPayment,
  postServicingPayoff,
  postServicingPayoffQuote,
  putServicingAutopay,
  type TServicingLoan,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { loanStatusQuery } from '../../dashboard/api/dashboard-queries.js';
import { idempotencyHeaders } from './idempotency-key.js';
import { loanQueryKey } from './get-servicing-loan.js';

/**
 * After any change to a loan: the answer's loan goes on screen at once when the server sent one,
 * then the loan and the dashboard's list are fetched again, so nothing shown is older than it.
 */
function useLoanChanged(loanUuid: string) {
  const queryClient = useQueryClient();
  return {
    show: (loan: TServicingLoan) => queryClient.setQueryData(loanQueryKey(loanUuid), loan),
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: loanQueryKey(loanUuid) }),
        queryClient.invalidateQueries({ queryKey: loanStatusQuery.queryKey }),
      ]),
  };
}

/** Autopay on or off; the switch shows the server's answer. */
export function useSetAutopay(loanUuid: string) {
  const changed = useLoanChanged(loanUuid);
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest(putServicingAutopay, { params: { loanUuid }, body: { enabled } }),
    onSuccess: changed.show,
    onSettled: changed.refresh,
  });
}

/** An ACH payment of an amount; the key is the confirmation's, so a second click pays nothing more. */
export function usePayment(loanUuid: string) {
  const changed = useLoanChanged(loanUuid);
  return useMutation({
    mutationFn: ({ amountCents, key }: { amountCents: number; key: string }) =>
      apiRequest(postServicingPayment, {
        params: { loanUuid },
        body: { amountCents },
        headers: idempotencyHeaders(key),
      }),
    onSettled: changed.refresh,
  });
}

/** What deferring the interest now due would do (nothing changes). */
export function useDeferralPreview(loanUuid: string) {
  return useMutation({
    mutationFn: () => apiRequest(postServicingDeferralPreview, { params: { loanUuid } }),
  });
}

/** Defers the interest now due, once per confirmation. */
export function useDeferral(loanUuid: string) {
  const changed = useLoanChanged(loanUuid);
  return useMutation({
    mutationFn: ({ key }: { key: string }) =>
      apiRequest(postServicingDeferral, {
        params: { loanUuid },
        headers: idempotencyHeaders(key),
      }),
    onSuccess: changed.show,
    onSettled: changed.refresh,
  });
}

/** A payoff quote: the amount that pays the loan off today, until it expires. */
export function usePayoffQuote(loanUuid: string) {
  return useMutation({
    mutationFn: () => apiRequest(postServicingPayoffQuote, { params: { loanUuid } }),
  });
}

/** Pays a quote off by ACH, once per confirmation; the loan becomes PAID_OFF. */
export function usePayoff(loanUuid: string) {
  const changed = useLoanChanged(loanUuid);
  return useMutation({
    mutationFn: ({ quoteUuid, key }: { quoteUuid: string; key: string }) =>
      apiRequest(postServicingPayoff, {
        params: { loanUuid },
        body: { quoteUuid },
        headers: idempotencyHeaders(key),
      }),
    onSuccess: ({ loan }) => changed.show(loan),
    onSettled: changed.refresh,
  });
}
