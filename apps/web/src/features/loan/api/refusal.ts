import { isApiError } from '../../../api/client.js';

export { refusalMessage } from '../../renewal/api/api-message.js';

/** The server's first message for one field of a refused call, or null when it named none. */
export function fieldRefusal(error: unknown, field: string): string | null {
  return isApiError(error) ? (error.fieldErrors(field)[0] ?? null) : null;
}
