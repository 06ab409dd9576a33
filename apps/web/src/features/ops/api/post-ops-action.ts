import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  postOpsApproveIdentity,
  postOpsCancelApplication,
  postOpsDeclineApplication,
  postOpsRecordPayoff,
  postOpsRejectIdentity,
  postOpsReleaseFunds,
  type TOpsApplicationDetail,
} from '@pledge/contract';
import type { TPayoffMethod } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import type { TOpsActionId } from '../ops-actions.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsApplicationQueryKey } from './get-ops-application.js';

export interface TOpsActionInput {
  action: TOpsActionId;
  /** Required by the actions that take one (reject, cancel, decline); ignored by the others. */
  reason: string;
  /** Required by record-payoff: how the borrower paid. */
  method?: TPayoffMethod;
}

/** Calls the agent endpoint of one action; each answers the application's detail after it. */
export function postOpsAction(
  appUuid: string,
  { action, reason, method }: TOpsActionInput,
): Promise<TOpsApplicationDetail> {
  const params = { appUuid };
  switch (action) {
    case 'approve-identity':
      return apiRequest(postOpsApproveIdentity, { params });
    case 'reject-identity':
      return apiRequest(postOpsRejectIdentity, { params, body: { reason } });
    case 'release-funds':
      return apiRequest(postOpsReleaseFunds, { params });
    case 'record-payoff':
      if (method === undefined) return Promise.reject(new Error('Choose a payment method'));
      return apiRequest(postOpsRecordPayoff, { params, body: { method } });
    case 'cancel-application':
      return apiRequest(postOpsCancelApplication, { params, body: { reason } });
    case 'decline-application':
      return apiRequest(postOpsDeclineApplication, { params, body: { reason } });
  }
}

/**
 * An agent's action on one application. Afterwards the detail is shown as the server answered
 * it, then fetched again with every list, so that nothing on screen is older than the action.
 */
export function useOpsAction(appUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TOpsActionInput) => postOpsAction(appUuid, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(opsApplicationQueryKey(appUuid), detail);
    },
    // A refused action (another agent was quicker) also means the page may be out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_QUERY_KEY }),
  });
}
