import { isApiError } from '../../../api/client.js';

/** The server's own words for a refused call (its field message first), else the error's. */
export function refusalMessage(error: unknown, field?: string): string {
  if (isApiError(error) && error.apiError !== null) {
    const fieldMessage = field === undefined ? undefined : error.apiError.fieldErrors?.[field]?.[0];
    return fieldMessage ?? error.apiError.message;
  }
  return error instanceof Error ? error.message : String(error);
}
