/**
 * The partner read API. Its routes authenticate with an API key (not a session), so they are served
 * here rather than through route(): the key is checked, with the route's scope and the key's rate
 * limit, in an onRequest hook before the query is read; the OpenAPI document names the key scheme.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partnerEndpoints, ZApiError, type TPartnerPageQuery } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import type { TClock } from '../../security/jwt.js';
import type { TRateLimiter } from '../../security/rate-limit.js';
import {
  authenticatePartnerKey,
  type TPartnerCaller,
} from '../../services/partner/authenticate-partner-key.js';
import {
  listPartnerApplications,
  listPartnerEvents,
  listPartnerLoans,
} from '../../services/partner/read-partner-api.js';

export interface TPartnerApiDeps {
  db: TDb;
  clock: TClock;
  limiter: TRateLimiter;
}

const callers = new WeakMap<FastifyRequest, TPartnerCaller>();

export const partnerApiRoutes: FastifyPluginAsync<TPartnerApiDeps> = async (app, deps) => {
  const serve = (
    endpoint: (typeof partnerEndpoints)[keyof typeof partnerEndpoints],
    list: (db: TDb, caller: TPartnerCaller, query: TPartnerPageQuery) => Promise<unknown>,
  ) => {
    app.withTypeProvider<ZodTypeProvider>().route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: ['partner'],
        querystring: endpoint.query,
        security: [{ partnerKey: [] }],
        response: { 200: endpoint.response, '4xx': ZApiError, '5xx': ZApiError },
      },
      onRequest: async (request) => {
        callers.set(
          request,
          await authenticatePartnerKey(deps, {
            authorization: request.headers.authorization,
            scope: endpoint.scope,
          }),
        );
      },
      handler: async (request, reply) => {
        const caller = callers.get(request);
        if (caller === undefined) throw new Error('The partner key was not checked');
        const page = await list(deps.db, caller, request.query as TPartnerPageQuery);
        return reply.header('cache-control', 'no-store').send(page as never);
      },
    });
  };
  serve(partnerEndpoints.getPartnerApplications, listPartnerApplications);
  serve(partnerEndpoints.getPartnerLoans, listPartnerLoans);
  serve(partnerEndpoints.getPartnerEvents, listPartnerEvents);
};
