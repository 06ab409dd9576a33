import { isApiError } from '../../api/client.js';

/** The error catalogue's words for bank linking (document 1 §8). */
export const BANK_LINK_MESSAGES = {
  accountsFailed: 'Unable to retrieve accounts. Try again',
  unexpected: 'Something unexpected happened. Try again',
} as const;

/**
 * What a refused save says on the page: for a 4xx the server's own message (what happened and what
 * to do: a locked step, the other rail, a link not ready), else `fallback`.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message !== '') {
    return error.message;
  }
  return fallback;
}
