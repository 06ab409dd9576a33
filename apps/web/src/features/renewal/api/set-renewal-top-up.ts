import { postRollForwardTopUp, type TApplication } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Sets the coins a renewal adds; the answer carries the re-priced offer. */
export function setRenewalTopUp(appUuid: string, topUpQuantity: string): Promise<TApplication> {
  return apiRequest(postRollForwardTopUp, { params: { appUuid }, body: { topUpQuantity } });
}
