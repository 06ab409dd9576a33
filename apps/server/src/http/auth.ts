import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TEndpointAuth } from '@pledge/contract';
import { HttpError, UNAUTHENTICATED } from './errors.js';

export type TAudience = Exclude<TEndpointAuth, 'none'>;

/** Who a verified token belongs to. */
export interface TPrincipal {
  identityUuid: string;
  audience: TAudience;
  /** The verified token itself (its id and expiry), so that signing out can revoke it. */
  token?: { id: string; expiresAt: Date };
}

/**
 * Checks the credentials of a request for an audience and answers the principal, or null when
 * they are missing or invalid.
 */
export type TAuthVerifier = (
  request: FastifyRequest,
  audience: TAudience,
) => Promise<TPrincipal | null>;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The verifier of the app: the bearer token of the request, checked for the audience by
 * `checkToken` (signature, expiry, audience, revocation).
 */
export function createBearerVerifier(
  checkToken: (token: string, audience: TAudience) => Promise<TPrincipal | null>,
): TAuthVerifier {
  return async (request, audience) => {
    const token = bearerTokenOf(request);
    return token === null ? null : checkToken(token, audience);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on 'bearer' and 'agent' routes. */
    principal: TPrincipal | null;
  }
}

/**
 * The onRequest hook of a secure route: 401 `UNAUTHENTICATED` unless the verifier accepts. It runs
 * before the body is parsed, so that a caller without a valid token learns nothing about what a
 * valid request looks like and costs no parsing.
 */
export function requireAuth(audience: TAudience, verify: TAuthVerifier): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = await verify(request, audience);
    if (principal === null || principal.audience !== audience) {
      return reply.code(401).type('application/json').send(UNAUTHENTICATED);
    }
    request.principal = principal;
  };
}

/**
 * The principal the auth hook verified. Secure routes are not reached without one, so the
 * 401 here only guards the types.
 */
export function principalOf(request: FastifyRequest): TPrincipal {
  if (request.principal === null) {
    throw new HttpError(401, UNAUTHENTICATED.code, UNAUTHENTICATED.message);
  }
  return request.principal;
}

/** The identity uuid of the verified caller: every secure call acts for them alone. */
export function callerUuidOf(request: FastifyRequest): string {
  return principalOf(request).identityUuid;
}
