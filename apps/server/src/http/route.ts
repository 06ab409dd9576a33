import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { maxBodyBytesOf, ZApiError, type TEndpoint } from '@pledge/contract';
import { requireAuth, type TAuthVerifier } from './auth.js';
import type { TInFlight } from './in-flight.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies bearer tokens for 'bearer' and 'agent' routes (see auth.ts). */
    authVerifier: TAuthVerifier;
    /** The route handlers running now: a drain waits for them (see in-flight.ts). */
    inFlight: TInFlight;
  }
}

type TPart<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface TRouteInput<E extends TEndpoint> {
  params: TPart<E['params']>;
  query: TPart<E['query']>;
  body: TPart<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type TRouteHandler<E extends TEndpoint> = (
  input: TRouteInput<E>,
) => Promise<z.output<E['response']>>;

export interface TRouteOptions {
  /**
   * Per-route limit through @fastify/rate-limit (registered with global: false), counted per client
   * address before authentication.
   */
  rateLimit?: { max: number; timeWindow: number | string };
  /**
   * 'none': the route tells no time (no rule of it reads the clock), so the sandbox clock is not
   * loaded for it.
   */
  clock?: 'none';
  /**
   * A secure route whose handler first reads the caller's application of this param: the session
   * check reads it in its own statement, and the handler finds it as `principal.application`
   * (null when the caller has none of that uuid), one round trip to the database fewer.
   */
  applicationParam?: string;
  /**
   * A secure route that lists the open offers of the caller's application of this param: the
   * session check reads them in its own statement (`principal.openOffers`, null when the caller
   * has no application of that uuid), the list's one round trip to the database.
   */
  openOffersParam?: string;
  /**
   * A secure route that signs one of the caller's documents of their application of this param:
   * the session check reads the documents with their signatures in its own statement
   * (`principal.signedDocuments`), so that a document signed already is answered in it alone.
   */
  signedDocumentsParam?: string;
}

/**
 * When a request loads the sandbox clock (see app.ts): 'none' never, 'session' in its session
 * check (a secure route without a limit of its own, whose first use of the time is that check),
 * 'limit' in its limit's counter statement (a route with a limit of its own: the limit's hook runs
 * first), 'request' in a statement of its own before anything runs.
 */
export type TClockRead = 'none' | 'session' | 'limit' | 'request';

declare module 'fastify' {
  interface FastifyContextConfig {
    clockRead?: TClockRead;
  }
}

/** OpenAPI tag of a path: its service prefix. */
function tagOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return first === '' ? 'system' : first;
}

/**
 * Serves one contract endpoint: method, path, params/query/body validation, the body limit (what
 * its largest valid body needs; a longer body answers 413 unread) and the response schema all come
 * from its definition; `auth` other than 'none' checks the token in an onRequest hook, before the
 * body is read and validated.
 */
export function route<E extends TEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: TRouteHandler<E>,
  options: TRouteOptions = {},
): void {
  const status = endpoint.status ?? 200;
  // The route's limit counts first, then authentication: a call without a valid token still uses
  // up its address's budget, and answers 401 before its body is read or its params, query and
  // body are validated. The limiter is named by the route, so that its counters in the shared
  // store are the route's own.
  const onRequest: onRequestAsyncHookHandler[] = [];
  if (options.rateLimit !== undefined) {
    onRequest.push(
      app.rateLimit({ ...options.rateLimit, groupId: `${endpoint.method} ${endpoint.path}` }),
    );
  }
  if (endpoint.auth !== 'none') {
    onRequest.push(
      requireAuth(endpoint.auth, app.authVerifier, {
        ...(options.applicationParam !== undefined
          ? { applicationParam: options.applicationParam }
          : {}),
        ...(options.openOffersParam !== undefined
          ? { openOffersParam: options.openOffersParam }
          : {}),
        ...(options.signedDocumentsParam !== undefined
          ? { signedDocumentsParam: options.signedDocumentsParam }
          : {}),
      }),
    );
  }
  const clockRead: TClockRead =
    options.clock === 'none'
      ? 'none'
      : options.rateLimit !== undefined
        ? 'limit'
        : endpoint.auth !== 'none'
          ? 'session'
          : 'request';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: maxBodyBytesOf(endpoint),
    schema: {
      summary: endpoint.summary,
      tags: [tagOf(endpoint.path)],
      ...(endpoint.params !== undefined ? { params: endpoint.params } : {}),
      ...(endpoint.query !== undefined ? { querystring: endpoint.query } : {}),
      ...(endpoint.body !== undefined ? { body: endpoint.body } : {}),
      ...(endpoint.auth !== 'none' ? { security: [{ bearerAuth: [] }] } : {}),
      response: { [status]: endpoint.response, '4xx': ZApiError, '5xx': ZApiError },
    },
    ...(onRequest.length > 0 ? { onRequest } : {}),
    config: { clockRead },
    handler: async (request, reply) => {
      const result = await app.inFlight.track(() =>
        handler({
          params: request.params as TPart<E['params']>,
          query: request.query as TPart<E['query']>,
          body: request.body as TPart<E['body']>,
          request,
          reply,
        }),
      );
      if (status === 204) return reply.code(204).send();
      return reply.code(status).send(result);
    },
  });
}
