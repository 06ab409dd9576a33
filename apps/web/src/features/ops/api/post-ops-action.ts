import {
  postOpsApproveIdentity,
  postOpsCancelApplication,
  postOpsDeclineApplication,
  postOpsProposePayoff,
  postOpsProposeReleaseFunds,
  postOpsRejectIdentity,
  type TOpsApplicationDetail,
} from '@pledge/contract';
import type { TPayoffMethod } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import type { TOpsActionId } from '../ops-actions.js';
import { useOpsApplicationChange } from './use-ops-application-change.js';

export interface TOpsActionInput {
  action: TOpsActionId;
  /** Required by the actions that take one (reject, cancel, decline); ignored by the others. */
  reason: string;
  /** Required by the proposals: the transfer or payment reference; a note is optional. */
  reference?: string;
  note?: string;
  /** Required by propose-payoff: how, how much (dollars) and on which day the borrower paid. */
  method?: TPayoffMethod;
  amount?: number;
  paidOn?: string;
}

/** Calls the agent endpoint of one action; each answers the application's detail after it. */
export function postOpsAction(
  appUuid: string,
  { action, reason, reference = '', note, method, amount, paidOn }: TOpsActionInput,
): Promise<TOpsApplicationDetail> {
  const params = { appUuid };
  switch (action) {
    case 'approve-identity':
      return apiRequest(postOpsApproveIdentity, { params });
    case 'reject-identity':
      return apiRequest(postOpsRejectIdentity, { params, body: { reason } });
    case 'propose-release':
      return apiRequest(postOpsProposeReleaseFunds, {
        params,
        body: { reference, ...(note === undefined || note === '' ? {} : { note }) },
      });
    case 'propose-payoff':
      if (method === undefined) return Promise.reject(new Error('Choose a payment method'));
      if (amount === undefined || paidOn === undefined) {
        return Promise.reject(new Error('Give the amount and the payment date'));
      }
      return apiRequest(postOpsProposePayoff, {
        params,
        body: {
          method,
          reference,
          amount,
          paidOn,
          ...(note === undefined || note === '' ? {} : { note }),
        },
      });
    case 'cancel-application':
      return apiRequest(postOpsCancelApplication, { params, body: { reason } });
    case 'decline-application':
      return apiRequest(postOpsDeclineApplication, { params, body: { reason } });
  }
}

/** An agent's action on one application; the page then shows what the server answered. */
export function useOpsAction(appUuid: string) {
  return useOpsApplicationChange(appUuid, postOpsAction);
}
