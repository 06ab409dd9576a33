import { postSelectOffer, type TApplication } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Accepts an offer of the application. */
export function selectOffer(appUuid: string, offerUuid: string): Promise<TApplication> {
  return apiRequest(postSelectOffer, { params: { appUuid }, body: { offerUuid } });
}
