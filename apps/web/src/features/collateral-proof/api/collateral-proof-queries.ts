import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteCollateralProofLink,
  getCollateralProof,
  getPublicCollateralProof,
  postCollateralProofLink,
} from '@pledge/contract';
import { COLLATERAL_PROOF_POLL_MS } from '@pledge/domain';
import { apiRequest, isApiError } from '../../../api/client.js';
import { refetchUnlessFetchedThisVisit } from '../../../api/page-visit.js';
import { idempotencyHeaders } from '../../loan/api/idempotency-key.js';

const isRefusal = (error: unknown) =>
  isApiError(error) && [400, 401, 403, 404].includes(error.status);

export function collateralProofQueryKey(appUuid: string) {
  return ['collateral-proof', appUuid] as const;
}

/**
 * The borrower's collateral proof, as the chain watcher last recorded it: fetched afresh for each
 * visit of its page. A 404 (no collateral tracked for the loan, or not the borrower's) is not
 * retried.
 */
export function collateralProofQuery(appUuid: string) {
  return queryOptions({
    queryKey: collateralProofQueryKey(appUuid),
    queryFn: ({ signal }) =>
      apiRequest(getCollateralProof, { params: { appUuid }, signal, cache: 'no-store' }),
    retry: (failureCount, error) => !isRefusal(error) && failureCount < 2,
    refetchOnMount: refetchUnlessFetchedThisVisit,
  });
}

/** A proof by its public link, read again now and then while the page is open. */
export function publicCollateralProofQuery(token: string) {
  return queryOptions({
    queryKey: ['public-collateral-proof', token] as const,
    queryFn: ({ signal }) =>
      apiRequest(getPublicCollateralProof, { params: { token }, signal, cache: 'no-store' }),
    retry: (failureCount, error) => !isRefusal(error) && failureCount < 2,
    refetchInterval: COLLATERAL_PROOF_POLL_MS,
  });
}

/**
 * Makes a public link (the one before stops working); its token is in the answer, once. The same
 * key (one "make a link": a double click, a retry) answers the same link.
 */
export function useMakeProofLink(appUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      apiRequest(postCollateralProofLink, {
        params: { appUuid },
        headers: idempotencyHeaders(idempotencyKey),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collateralProofQueryKey(appUuid) }),
  });
}

/** Turns the public link off. */
export function useTurnOffProofLink(appUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(deleteCollateralProofLink, { params: { appUuid } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collateralProofQueryKey(appUuid) }),
  });
}
