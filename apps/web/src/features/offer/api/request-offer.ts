import {
  postRequestedOffer,
  type TApplication,
  type TPostRequestedOfferBody,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Prices the borrower's amounts on the application; the answer carries the offer made. */
export function requestOffer(
  appUuid: string,
  body: TPostRequestedOfferBody,
): Promise<TApplication> {
  return apiRequest(postRequestedOffer, { params: { appUuid }, body });
}
