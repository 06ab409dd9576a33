import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TEndpointAuth } from '@pledge/contract';
import { UNAUTHENTICATED } from './errors.js';

export type TAudience = Exclude<TEndpointAuth, 'none'>;

/** Who a verified token belongs to. */
export interface TPrincipal {
  identityUuid: string;
  audience: TAudience;
}

/**
 * Checks the credentials of a request for an audience and answers the principal, or null when
 * they are missing or invalid. The sign-in feature provides the real verifier; until then no
 * request is authenticated.
 */
export type TAuthVerifier = (
  request: FastifyRequest,
  audience: TAudience,
) => Promise<TPrincipal | null>;

export const refuseAllVerifier: TAuthVerifier = async () => null;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth pre-handler on 'bearer' and 'agent' routes. */
    principal: TPrincipal | null;
  }
}

/** The pre-handler of a secure route: 401 `UNAUTHENTICATED` unless the verifier accepts. */
export function requireAuth(
  audience: TAudience,
  verify: TAuthVerifier,
): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = await verify(request, audience);
    if (principal === null || principal.audience !== audience) {
      return reply.code(401).type('application/json').send(UNAUTHENTICATED);
    }
    request.principal = principal;
  };
}
