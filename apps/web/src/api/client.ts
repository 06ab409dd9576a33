import { globalRegistry, type z } from 'zod/mini';
import {
  buildPath,
  ZApiError,
  ZBinary,
  type TEndpoint,
  type TEndpointResponse,
  type TEndpointSchema,
} from '@pledge/contract';
import { isUnauthenticatedAnswer } from '@pledge/domain';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NOT_JSON_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from './api-error.js';
import { clearToken, getToken } from './token.js';

export { ApiError, isApiError } from './api-error.js';

type TParamsOption<E extends TEndpoint> = E['params'] extends TEndpointSchema
  ? { params: z.input<E['params']> }
  : { params?: never };
type TQueryOption<E extends TEndpoint> = E['query'] extends TEndpointSchema
  ? { query?: z.input<E['query']> }
  : { query?: never };
type TBodyOption<E extends TEndpoint> = E['body'] extends TEndpointSchema
  ? { body: z.input<E['body']> }
  : { body?: never };

/** What a call needs besides its endpoint: path params and a body when the endpoint has them. */
export type TApiRequestOptions<E extends TEndpoint> = TParamsOption<E> &
  TQueryOption<E> &
  TBodyOption<E> & {
    signal?: AbortSignal;
    /** Extra request headers (the organisation of a sign-in, the calling application's name). */
    headers?: Record<string, string>;
    /** The browser cache mode; `no-store` for data that must always be fresh. */
    cache?: RequestCache;
    /**
     * A multipart/form-data body (an upload), for endpoints whose body the server parses itself.
     * The browser sets its Content-Type with the boundary.
     */
    formData?: FormData;
  };

// The options may be left out when the endpoint needs neither params nor a body.
type TApiRequestArgs<E extends TEndpoint> =
  object extends TApiRequestOptions<E>
    ? [options?: TApiRequestOptions<E>]
    : [options: TApiRequestOptions<E>];

type TQueryValue = string | number | boolean | null | undefined;

function toSearch(query: object | undefined): string {
  if (query === undefined) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(
    query as Record<string, TQueryValue | TQueryValue[]>,
  )) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The URL of a call: the endpoint's path with its params filled in, plus the query string. */
export function endpointUrl(
  endpoint: TEndpoint,
  params?: Record<string, string | number>,
  query?: object,
): string {
  return `${buildPath(endpoint.path, params)}${toSearch(query)}`;
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

async function failure(response: Response): Promise<ApiError> {
  const text = await readBody(response);
  let body: unknown = text === '' ? null : text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page from a proxy, plain text): keep the text as the body.
  }
  const apiError = ZApiError.safeParse(body);
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    message: apiError.success
      ? apiError.data.message
      : response.statusText || `Request failed with status ${response.status}`,
    body: apiError.success ? apiError.data : body,
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

/** A successful call: the validated answer and the response headers that came with it. */
export interface TApiExchange<E extends TEndpoint> {
  data: TEndpointResponse<E>;
  headers: Headers;
}

/**
 * Calls one endpoint of the contract and returns its answer, validated by the endpoint's response
 * schema. Secure endpoints carry the stored jwt; every call includes credentials. Throws `ApiError`
 * for a non-2xx answer, an answer that is not JSON where JSON is expected, an answer that does not
 * match the contract, and a network failure. An aborted call rejects with the abort reason.
 */
export async function apiRequest<E extends TEndpoint>(
  endpoint: E,
  ...args: TApiRequestArgs<E>
): Promise<TEndpointResponse<E>> {
  return (await apiExchange(endpoint, ...args)).data;
}

/** `apiRequest`, also answering the response headers (some answers carry data in them). */
export async function apiExchange<E extends TEndpoint>(
  endpoint: E,
  ...[options]: TApiRequestArgs<E>
): Promise<TApiExchange<E>> {
  const {
    params,
    query,
    body,
    signal,
    cache,
    formData,
    headers: extraHeaders,
  } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    cache?: RequestCache;
    formData?: FormData;
  };
  const headers = new Headers(extraHeaders);
  headers.set('Accept', isBinary(endpoint.response) ? '*/*' : 'application/json');
  if (formData !== undefined) headers.delete('Content-Type');
  else if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = endpoint.auth === 'none' ? null : getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoint, params, query), {
      method: endpoint.method,
      headers,
      body: formData ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'include',
      signal,
      ...(cache === undefined ? {} : { cache }),
    });
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    throw new ApiError({
      status: 0,
      statusText: '',
      message: NETWORK_ERROR_MESSAGE,
      body: null,
      cause,
    });
  }

  if (!response.ok) {
    const error = await failure(response);
    // A rejected token is of no further use (document 2 §4): forgetting it makes every session
    // hook look the session up again (they follow the token through subscribeToken).
    if (token !== null && isUnauthenticatedAnswer(error.status, error.apiError?.message ?? '')) {
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
  return { data: parsed.data as TEndpointResponse<E>, headers: response.headers };
}
