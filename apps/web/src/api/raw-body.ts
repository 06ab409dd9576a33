/**
 * A request whose body is sent as it is (a CSV tape, an image file), which the JSON client does
 * not send, with its answer read as the JSON client reads one: the schema's value on success, an
 * ApiError with the server's message and field messages otherwise.
 */
import { ZApiError } from '@pledge/contract';
import type { z } from 'zod/mini';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_RESPONSE_MESSAGE } from './api-error.js';
import { getToken } from './token.js';

export async function sendRawBody<S extends z.ZodMiniType>(request: {
  url: string;
  method: string;
  contentType: string;
  body: BodyInit;
  schema: S;
}): Promise<z.infer<S>> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': request.contentType });
  const token = getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body,
      credentials: 'include',
      cache: 'no-store',
    });
  } catch (cause) {
    throw new ApiError({
      status: 0,
      statusText: '',
      message: NETWORK_ERROR_MESSAGE,
      body: null,
      cause,
    });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  if (!response.ok) {
    const apiError = ZApiError.safeParse(body);
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      message: apiError.success
        ? apiError.data.message
        : `Request failed with status ${response.status}`,
      body,
      apiError: apiError.success ? apiError.data : null,
    });
  }
  const parsed = request.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      message: UNEXPECTED_RESPONSE_MESSAGE,
      body,
    });
  }
  return parsed.data as z.infer<S>;
}
