import { useQuery } from '@tanstack/react-query';
import {
  getBankLinkAuth,
  getSandboxBankLinkInstitutions,
  postBankLinkExchange,
  postBankLinkToken,
  postSandboxBankLinkPublicToken,
  postStoreLinkError,
  type TGetBankLinkAuthResponse,
  type TPostBankLinkExchangeBody,
  type TPostBankLinkExchangeResponse,
  type TPostSandboxBankLinkPublicTokenBody,
  type TPostStoreLinkErrorBody,
} from '@pledge/contract';
import { BANK_LINK_POLL_MS, isAnyBankLinkPending } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';

/**
 * A fresh link token for this visit: one token opens one widget, so it is never reused from the
 * cache of an earlier visit, nor fetched again while the page is open.
 */
export function useBankLinkToken(appUuid: string) {
  return useQuery({
    queryKey: ['application', appUuid, 'bank-link-token'],
    queryFn: () => apiRequest(postBankLinkToken, { body: { appUuid } }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function bankLinkAuthQueryKey(appUuid: string) {
  return ['application', appUuid, 'bank-link-auth'] as const;
}

/** The linked institutions, polled every BANK_LINK_POLL_MS while any is still PENDING. */
export function useBankLinkAuth(appUuid: string) {
  return useQuery({
    queryKey: bankLinkAuthQueryKey(appUuid),
    queryFn: ({ signal }): Promise<TGetBankLinkAuthResponse> =>
      apiRequest(getBankLinkAuth, { query: { appUuid }, signal }),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data !== undefined && isAnyBankLinkPending(query.state.data.items)
        ? BANK_LINK_POLL_MS
        : false,
  });
}

export function exchangePublicToken(
  body: TPostBankLinkExchangeBody,
): Promise<TPostBankLinkExchangeResponse> {
  return apiRequest(postBankLinkExchange, { body });
}

/** Records why the widget was left, for support; a failure here never stops the borrower. */
export async function storeLinkError(body: TPostStoreLinkErrorBody): Promise<void> {
  try {
    await apiRequest(postStoreLinkError, { body });
  } catch {
    // Only a support record: the borrower carries on either way.
  }
}

export function useSandboxInstitutions({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['sandbox', 'bank-link-institutions'],
    queryFn: ({ signal }) => apiRequest(getSandboxBankLinkInstitutions, { signal }),
    staleTime: Infinity,
    enabled,
  });
}

export function createSandboxPublicToken(body: TPostSandboxBankLinkPublicTokenBody) {
  return apiRequest(postSandboxBankLinkPublicToken, { body });
}
