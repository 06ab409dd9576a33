import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TEndpointAuth } from '@pledge/contract';
import type { applications } from '../db/schema/index.js';
import type { TSignedDocumentsRead } from '../services/disclosures/disclosure-record.js';
import type { TOfferViewRow } from '../services/offers/offer-record.js';
import { HttpError, UNAUTHENTICATED } from './errors.js';

export type TAudience = Exclude<TEndpointAuth, 'none'>;

/** Who a verified token belongs to. */
export interface TPrincipal {
  identityUuid: string;
  audience: TAudience;
  /** The verified token itself (its id and expiry), so that signing out can revoke it. */
  token?: { id: string; expiresAt: Date };
  /**
   * The caller's application the route acts on, read with the session when the route asks for it
   * (TAuthOptions): null when the caller has none of that uuid; absent when it was not read.
   */
  application?: typeof applications.$inferSelect | null;
  /**
   * The open offers of the caller's application the route lists, read with the session when the
   * route asks for them (TAuthOptions): null when the caller has none of that uuid.
   */
  openOffers?: TOfferViewRow[] | null;
  /**
   * The caller's documents of the application the route signs one of, with their signatures,
   * read with the session when the route asks for them (TAuthOptions): null when the caller has
   * no application of that uuid.
   */
  signedDocuments?: TSignedDocumentsRead | null;
}

/** What a secure route's check also reads with the session. */
export interface TAuthOptions {
  /** The caller's application of this uuid (the route's param). */
  applicationUuid?: string;
  /** Instead, the open offers of the caller's application of this uuid (the route's param). */
  openOffersOf?: string;
  /** Instead, the caller's documents of their application of this uuid (the route's param). */
  signedDocumentsOf?: string;
}

/**
 * Checks the credentials of a request for an audience and answers the principal, or null when
 * they are missing or invalid.
 */
export type TAuthVerifier = (
  request: FastifyRequest,
  audience: TAudience,
  options?: TAuthOptions,
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
  checkToken: (
    token: string,
    audience: TAudience,
    options?: TAuthOptions,
  ) => Promise<TPrincipal | null>,
): TAuthVerifier {
  return async (request, audience, options) => {
    const token = bearerTokenOf(request);
    return token === null ? null : checkToken(token, audience, options);
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
export function requireAuth(
  audience: TAudience,
  verify: TAuthVerifier,
  reads: {
    applicationParam?: string;
    openOffersParam?: string;
    signedDocumentsParam?: string;
  } = {},
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { applicationParam, openOffersParam, signedDocumentsParam } = reads;
    // The params are not validated yet: the verifier reads no application for a malformed one.
    const paramOf = (name: string) => {
      const value = (request.params as Record<string, unknown> | undefined)?.[name];
      return typeof value === 'string' ? value : '';
    };
    let options: TAuthOptions | undefined;
    if (applicationParam !== undefined) options = { applicationUuid: paramOf(applicationParam) };
    else if (openOffersParam !== undefined) options = { openOffersOf: paramOf(openOffersParam) };
    else if (signedDocumentsParam !== undefined) {
      options = { signedDocumentsOf: paramOf(signedDocumentsParam) };
    }
    const principal = await verify(request, audience, options);
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

/**
 * The caller and the application the path names: what a use case on the caller's own application
 * takes (it answers 404 for an application of anyone else).
 */
export function callerApplicationOf(
  request: FastifyRequest,
  params: { appUuid: string },
): { identityUuid: string; appUuid: string } {
  return { identityUuid: callerUuidOf(request), appUuid: params.appUuid };
}

/** The application the path names and the agent acting on it: what a console use case on it takes. */
export function agentOnApplicationOf(
  request: FastifyRequest,
  params: { appUuid: string },
): { appUuid: string; agentUuid: string } {
  return { appUuid: params.appUuid, agentUuid: callerUuidOf(request) };
}
