import { isApiError } from '../../api/client.js';

export const UNEXPECTED_SIGN_IN_MESSAGE = 'Something unexpected happened. Try again';

/** What a failed sign-in call says: field messages for the form, or one message for the page. */
export interface TSignInFailure {
  fieldErrors: Record<string, string>;
  message: string | null;
}

/**
 * The server's words for a failed sign-in call: a wrong or expired code on the code field, too many
 * attempts with the time to wait, no connection; never a raw status.
 */
export function signInFailure(error: unknown, fields: readonly string[]): TSignInFailure {
  if (!isApiError(error)) return { fieldErrors: {}, message: UNEXPECTED_SIGN_IN_MESSAGE };
  const fieldErrors: Record<string, string> = {};
  for (const field of fields) {
    const [first] = error.fieldErrors(field);
    if (first !== undefined) fieldErrors[field] = first;
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null };
  const hasServerWords = error.apiError !== null || error.status === 0;
  return { fieldErrors, message: hasServerWords ? error.message : UNEXPECTED_SIGN_IN_MESSAGE };
}
