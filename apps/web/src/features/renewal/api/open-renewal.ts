import { postRollForwardOffers, type TApplication } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Opens (or answers the open) renewal of a funded loan, with its offer priced now. */
export function openRenewal(loanAppUuid: string, organization: string): Promise<TApplication> {
  return apiRequest(postRollForwardOffers, {
    params: { appUuid: loanAppUuid },
    body: { organization },
  });
}
