import type { FastifyPluginAsync } from 'fastify';
import { postWaitlist } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TRateLimiter } from '../../security/rate-limit.js';
import { listOrgCodes } from '../../brands/brands.js';
import { joinWaitlist } from '../../services/waitlist/join-waitlist.js';
import { requestOrgCode, withRetryAfter } from '../identity-broker/request-origin.js';

export const waitlistRoutes: FastifyPluginAsync<{
  db: TDb;
  cipher: TFieldCipher;
  limiter: TRateLimiter;
  sandbox: boolean;
}> = async (app, deps) => {
  route(app, postWaitlist, ({ query, body, request, reply }) =>
    withRetryAfter(reply, () =>
      joinWaitlist(deps, {
        body,
        // The page's brand when it names a known one; else the header or host decides.
        orgCode:
          query.orgCode !== undefined && listOrgCodes().includes(query.orgCode)
            ? query.orgCode
            : requestOrgCode(request, deps.sandbox),
        ip: request.ip,
      }),
    ),
  );
};
