/** How a failed provider call is answered: refused input is 400, an outage 503, never a 500. */
import { BankLinkRequestError, BankLinkUnavailableError } from '../../adapters/bank-link/port.js';
import { HttpError } from '../../http/errors.js';

/** Document 1 §8: the answer when accounts cannot be read. */
export const ACCOUNTS_UNAVAILABLE = 'Unable to retrieve accounts. Try again';
export const UNEXPECTED_FAILURE = 'Something unexpected happened. Try again';

export async function callProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BankLinkRequestError) {
      throw new HttpError(400, error.code, error.message);
    }
    if (error instanceof BankLinkUnavailableError) {
      throw new HttpError(503, 'BANK_LINK_UNAVAILABLE', UNEXPECTED_FAILURE);
    }
    throw error;
  }
}
