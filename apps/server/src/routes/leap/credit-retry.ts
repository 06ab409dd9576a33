import type { FastifyPluginAsync } from 'fastify';
import { postCreditRetry } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { callerApplicationOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { retryCreditCheck } from '../../services/credit/retry-credit-check.js';

/**
 * Per client address: each accepted retry is a new pull at the bureau, and a borrower needs one
 * after unlocking their file; a few more cover double clicks and a second tab.
 */
export const CREDIT_RETRIES_PER_IP_PER_MINUTE = 10;

export const creditRetryRoutes: FastifyPluginAsync<{ db: TDb; clock: TClock }> = async (
  app,
  deps,
) => {
  route(
    app,
    postCreditRetry,
    ({ params, request }) => retryCreditCheck(deps, callerApplicationOf(request, params)),
    { rateLimit: { max: CREDIT_RETRIES_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
};
