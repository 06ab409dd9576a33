/** The console's proposal of a liquidation surplus wired back to the borrower. */
import type { FastifyPluginAsync } from 'fastify';
import { postOpsSurplusPayout } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { proposeControlledAction } from '../../services/controls/propose-controlled-action.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { OPS_MONEY_ROUTE_LIMIT } from './controlled-actions.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';

export const opsSurplusRoutes: FastifyPluginAsync<{
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
}> = async (app, deps) => {
  route(
    app,
    postOpsSurplusPayout,
    ({ params, body, request }) =>
      proposeControlledAction(deps, {
        kind: 'SURPLUS_PAYOUT',
        payload: { loanUuid: params.loanUuid, ...body },
        agentUuid: callerUuidOf(request),
        idempotencyKey: requiredIdempotencyKey(request),
      }),
    { rateLimit: OPS_MONEY_ROUTE_LIMIT },
  );
};
