/** The console's collateral risk calls: the risk queue, and proposing a liquidation order's fill. */
import type { FastifyPluginAsync } from 'fastify';
import { getOpsRiskQueue, postOpsLiquidationFill } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { agentActor } from '../../services/ops/ops-record.js';
import { getRiskQueue } from '../../services/risk/get-risk-queue.js';
import { proposeControlledAction } from '../../services/controls/propose-controlled-action.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { OPS_MONEY_ROUTE_LIMIT } from './controlled-actions.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';

export const opsRiskRoutes: FastifyPluginAsync<{
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
}> = async (app, deps) => {
  route(app, getOpsRiskQueue, ({ request }) =>
    getRiskQueue(deps, { actor: agentActor(callerUuidOf(request)) }),
  );
  route(
    app,
    postOpsLiquidationFill,
    ({ params, body, request }) =>
      proposeControlledAction(deps, {
        kind: 'LIQUIDATION_FILL',
        payload: { liquidationUuid: params.liquidationUuid, ...body },
        agentUuid: callerUuidOf(request),
        idempotencyKey: requiredIdempotencyKey(request),
      }),
    { rateLimit: OPS_MONEY_ROUTE_LIMIT },
  );
};
