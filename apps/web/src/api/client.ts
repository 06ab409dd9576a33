import type { z } from 'zod/mini';
import type { TEndpoint, TEndpointResponse, TEndpointSchema } from '@pledge/contract';
import { noAnswerError } from './api-error.js';
// Types only: the code of exchange.ts is loaded with the first call (below), not with the page.
import type { TApiExchange, TRequestOptions } from './exchange.js';

export { ApiError, isApiError } from './api-error.js';

/*
 * Calls load what checks their answers when they are made, not with the page: the client's answer
 * checking (exchange.ts, with zod) comes with the first call, and a caller that names its endpoint
 * through a loader (`() => import(...)`) has the contract's schemas come with it too. A page can
 * then render before any schema has downloaded and call the server right after.
 */

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

/** An endpoint of the contract, or a loader of one (its schemas then load with the call). */
export type TEndpointSource<E extends TEndpoint> = E | (() => Promise<E>);

/**
 * Calls one endpoint of the contract and returns its answer, validated by the endpoint's response
 * schema. Secure endpoints carry the stored jwt; every call includes credentials. Throws `ApiError`
 * for a non-2xx answer, an answer that is not JSON where JSON is expected, an answer that does not
 * match the contract, and a network failure (code that could not be loaded included). An aborted
 * call rejects with the abort reason.
 */
export async function apiRequest<E extends TEndpoint>(
  endpoint: TEndpointSource<E>,
  ...args: TApiRequestArgs<E>
): Promise<TEndpointResponse<E>> {
  return (await apiExchange(endpoint, ...args)).data;
}

/**
 * Starts loading the code every call needs (exchange.ts) ahead of the first call, for a page that
 * is about to make some: the calls' own code then loads beside it rather than before it.
 */
export function preloadApiClient(): void {
  import('./exchange.js').catch(() => undefined);
}

/** `apiRequest`, also answering the response headers (some answers carry data in them). */
export async function apiExchange<E extends TEndpoint>(
  endpoint: TEndpointSource<E>,
  ...[options]: TApiRequestArgs<E>
): Promise<TApiExchange<E>> {
  const requestOptions = (options ?? {}) as TRequestOptions;
  const [resolved, { exchange }] = await Promise.all([
    typeof endpoint === 'function' ? endpoint() : endpoint,
    import('./exchange.js'),
  ]).catch((cause: unknown) => {
    // The code of the call did not arrive: to the borrower, the same as a call without an answer.
    throw noAnswerError(cause, requestOptions.signal);
  });
  return exchange(resolved, requestOptions);
}
