import {
  postLoanDetails as postLoanDetailsEndpoint,
  type TPostLoanDetailsBodyInput,
  type TPostLoanDetailsResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Sends the loan details; the answer is the application, now being checked (ATTACH_PROFILE). */
export function postLoanDetails(
  appUuid: string,
  body: TPostLoanDetailsBodyInput,
): Promise<TPostLoanDetailsResponse> {
  return apiRequest(postLoanDetailsEndpoint, { params: { appUuid }, body });
}
