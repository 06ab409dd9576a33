import { globalRegistry } from 'zod/mini';
import {
  ZApiError,
  ZBinary,
  type TEndpoint,
  type TEndpointResponse,
  type TEndpointSchema,
} from '@pledge/contract';
import { isUnauthenticatedAnswer } from '@pledge/domain';
import {
  ApiError,
  noAnswerError,
  NOT_JSON_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from './api-error.js';
import { forgetEarlyCalls, takeEarlyCall } from './early-calls.js';
import { endpointUrl } from './endpoint-url.js';
import { clearToken, getToken } from './token.js';

/*
 * The part of the client that checks answers against the contract, and with it zod: loaded with
 * a page's first call (see client.ts) rather than with the page.
 */

/** The options of any call, once their endpoint-specific types have been checked. */
export interface TRequestOptions {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  cache?: RequestCache;
  formData?: FormData;
}

/** A successful call: the validated answer and the response headers that came with it. */
export interface TApiExchange<E extends TEndpoint> {
  data: TEndpointResponse<E>;
  headers: Headers;
}

function isBinary(schema: TEndpointSchema): boolean {
  return (
    schema === ZBinary ||
    globalRegistry.get(schema)?.description === globalRegistry.get(ZBinary)?.description
  );
}

function isText(schema: TEndpointSchema): boolean {
  return schema.def.type === 'string';
}

async function readBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

/** A `message` the body carries without the rest of the contract's error shape (no `code`). */
function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  return typeof body.message === 'string' ? body.message : null;
}

async function failure(response: Response): Promise<ApiError> {
  const text = await readBody(response);
  let body: unknown = text === '' ? null : text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page from a proxy, plain text): keep the text as the body.
  }
  const apiError = ZApiError.safeParse(body);
  const bodyMessage = apiError.success ? apiError.data.message : messageOf(body);
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    message:
      bodyMessage ?? (response.statusText || `Request failed with status ${response.status}`),
    body: apiError.success ? apiError.data : body,
    apiError: apiError.success ? apiError.data : null,
  });
}

async function parseSuccess(endpoint: TEndpoint, response: Response): Promise<unknown> {
  if (isBinary(endpoint.response)) return new Uint8Array(await response.arrayBuffer());
  const text = await readBody(response);
  if (isText(endpoint.response)) return text;
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      message: NOT_JSON_MESSAGE,
      body: text,
      cause,
    });
  }
}

/**
 * The answer of a call started early, or of one sent now when that one got no answer (a network
 * failure then is this call's own); rejects with the signal's reason once it aborts, as fetch does.
 */
function earlyOrSent(
  early: Promise<Response>,
  send: () => Promise<Response>,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const answer = early.catch(send);
  if (signal === undefined) return answer;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One call of one endpoint: what `apiExchange` of client.ts does once the endpoint is at hand. */
export async function exchange<E extends TEndpoint>(
  endpoint: E,
  options: TRequestOptions = {},
): Promise<TApiExchange<E>> {
  const { params, query, body, signal, cache, formData, headers: extraHeaders } = options;
  const headers = new Headers(extraHeaders);
  headers.set('Accept', isBinary(endpoint.response) ? '*/*' : 'application/json');
  if (formData !== undefined) headers.delete('Content-Type');
  else if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = endpoint.auth === 'none' ? null : getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);

  const url = endpointUrl(endpoint, params, query);
  const send = () =>
    fetch(url, {
      method: endpoint.method,
      headers,
      body: formData ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'include',
      signal,
      ...(cache === undefined ? {} : { cache }),
    });
  // The page's first calls may have been started with its HTML (early-calls.ts): the same request
  // takes that answer. Any other read makes those of its address too old, a signed-in write all of
  // them (a public one, telemetry or a sign-in's first step, changes nothing they answer).
  const isRead = endpoint.method === 'GET' && body === undefined && formData === undefined;
  const early =
    isRead && token !== null
      ? takeEarlyCall({ url, token, headers, ...(cache === undefined ? {} : { cache }) })
      : undefined;
  if (early === undefined && (isRead || token !== null)) {
    forgetEarlyCalls(isRead ? url : undefined);
  }
  let response: Response;
  try {
    response = await (early === undefined ? send() : earlyOrSent(early, send, signal));
  } catch (cause) {
    throw noAnswerError(cause, signal);
  }

  if (!response.ok) {
    const error = await failure(response);
    // A rejected token is of no further use (document 2 §4): forgetting it makes every session
    // hook look the session up again (they follow the token through subscribeToken).
    // Document 2 §8 names only the message: a 403 `{"message":"Unauthenticated"}` without a
    // `code` (a gateway's answer) signs out as well.
    if (token !== null && isUnauthenticatedAnswer(error.status, messageOf(error.body) ?? '')) {
      clearToken();
    }
    throw error;
  }

  const data = await parseSuccess(endpoint, response);
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      message: UNEXPECTED_RESPONSE_MESSAGE,
      body: data,
      cause: parsed.error,
    });
  }
  return { data: parsed.data as TApiExchange<E>['data'], headers: response.headers };
}
