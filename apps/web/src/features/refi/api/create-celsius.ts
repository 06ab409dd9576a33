import {
  postCreateCelsiusApplication,
  type TPostCreateCelsiusApplicationResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Looks up an old loan id: the applications it opened (or had) and the loans found ineligible. */
export function createCelsiusApplication(
  celsiusLoanId: string,
): Promise<TPostCreateCelsiusApplicationResponse> {
  return apiRequest(postCreateCelsiusApplication, { body: { celsiusLoanId } });
}
