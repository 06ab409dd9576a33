import { getLoanStatus, type TGetLoanStatusResponse } from '@pledge/contract';
import { LOAN_STATUS_MAX_RETRIES } from '@pledge/domain';
import { isApiError } from '../../../api/api-error.js';
import { apiRequest } from '../../../api/client.js';

/**
 * The signed-in borrower's funded loans. A failure is retried up to LOAN_STATUS_MAX_RETRIES times,
 * never after a 401 (document 1 §8): a rejected sign-in does not get better by asking again.
 */
export async function getLoanStatusWithRetries(): Promise<TGetLoanStatusResponse> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await apiRequest(getLoanStatus);
    } catch (error) {
      const isFinal =
        retry >= LOAN_STATUS_MAX_RETRIES || (isApiError(error) && error.status === 401);
      if (isFinal) throw error;
    }
  }
}
