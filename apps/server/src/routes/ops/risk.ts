/** The console's collateral risk calls: the risk queue, and recording a liquidation order's fill. */
import type { FastifyPluginAsync } from 'fastify';
import { getOpsRiskQueue, postOpsLiquidationFill } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { agentActor } from '../../services/ops/ops-record.js';
import { getRiskQueue } from '../../services/risk/get-risk-queue.js';
import { recordDeskFill } from '../../services/risk/liquidation-desk-fill.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';

export const opsRiskRoutes: FastifyPluginAsync<{ db: TDb; clock: TClock }> = async (app, deps) => {
  route(app, getOpsRiskQueue, ({ request }) =>
    getRiskQueue(deps, { actor: agentActor(callerUuidOf(request)) }),
  );
  route(app, postOpsLiquidationFill, ({ params, body, request }) =>
    recordDeskFill(deps, {
      liquidationUuid: params.liquidationUuid,
      body,
      idempotencyKey: requiredIdempotencyKey(request),
      actor: agentActor(callerUuidOf(request)),
    }),
  );
};
