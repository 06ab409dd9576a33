import { z } from 'zod/mini';
import type { TControlledActionKind, TPartnerApiScope } from '@pledge/domain';

/** Service prefixes of DESIGN §4. */
export const LEAP = '/service-cryptopl-leap';
export const REFI = '/service-application-cryptopl/secure/api/v1';
export const brokerBase = (audience: 'customer' | 'agent') =>
  `/identity-broker/${audience}` as const;

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a caller proves who it is: `none` (public), `bearer` (a borrower's jwt, customer audience),
 * `agent` (an agent's jwt, agent audience), `partner` (a lender's API key with the endpoint's
 * `scope`, partner-api.ts).
 */
export type TEndpointAuth = 'none' | 'bearer' | 'agent' | 'partner';

/** A schema of an endpoint: the contract's are zod/mini; a zod classic schema fits as well. */
export type TEndpointSchema = z.ZodMiniType;

export interface TEndpoint<
  TParams extends TEndpointSchema = TEndpointSchema,
  TQuery extends TEndpointSchema = TEndpointSchema,
  TBody extends TEndpointSchema = TEndpointSchema,
  TResponse extends TEndpointSchema = TEndpointSchema,
> {
  method: THttpMethod;
  /** Fastify style: `/applications/:appUuid`. `buildPath` fills it for the web client. */
  path: string;
  auth: TEndpointAuth;
  summary: string;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** The success answer (2xx). Binary answers (PDF bytes) use `ZBinary`. */
  response: TResponse;
  /** Success status code, 200 unless said. */
  status?: 200 | 201 | 202 | 204 | 303;
  /**
   * Request body limit in bytes, for a body that is no JSON (the multipart ID upload); a JSON body's
   * limit follows from its schema's bounds (`maxBodyBytesOf`).
   */
  maxBodyBytes?: number;
  /**
   * An agent route that moves money or changes who owns what names its controlled action
   * (packages/domain controlled-actions.ts): it only proposes, and a second agent decides through a
   * route marked 'DECIDES'. A test walks the contract: every agent route that writes is one or the
   * other, or is listed in AGENT_WRITES_WITHOUT_CONTROL with the reason it needs none.
   */
  control?: TControlledActionKind | 'DECIDES';
  /** What a partner API key needs to call it (auth 'partner'). */
  scope?: TPartnerApiScope;
}

export function defineEndpoint<const E extends TEndpoint>(endpoint: E): E {
  return endpoint;
}

/** Marker schema for endpoints that answer bytes (PDF, images) instead of JSON. */
export const ZBinary = z.instanceof(Uint8Array).check(z.describe('binary'));

/** Fill `:name` segments of an endpoint's path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The error body of every non-2xx JSON answer. */
export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  /** Field path (dot separated) → the messages for that field, in the spec's exact words. */
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type TApiError = z.infer<typeof ZApiError>;

export type TEndpointParams<E extends TEndpoint> = E['params'] extends TEndpointSchema
  ? z.input<E['params']>
  : undefined;
export type TEndpointQuery<E extends TEndpoint> = E['query'] extends TEndpointSchema
  ? z.input<E['query']>
  : undefined;
export type TEndpointBody<E extends TEndpoint> = E['body'] extends TEndpointSchema
  ? z.input<E['body']>
  : undefined;
export type TEndpointResponse<E extends TEndpoint> = z.output<E['response']>;
