/**
 * The console's collateral risk calls: the risk queue, proposing a liquidation order's fill, and
 * the deposit addresses whose confirmed balance is below their loan's coins.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  getOpsCollateralDiscrepancies,
  getOpsRiskQueue,
  postOpsLiquidationFill,
} from '@pledge/contract';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { agentActor } from '../../services/ops/ops-record.js';
import { getRiskQueue } from '../../services/risk/get-risk-queue.js';
import { listCollateralDiscrepancies } from '../../services/collateral/list-collateral-discrepancies.js';
import { OPS_MONEY_PROPOSAL, proposalRoute } from './controlled-actions.js';

export const opsRiskRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  route(app, getOpsRiskQueue, ({ request }) =>
    getRiskQueue(deps, { actor: agentActor(callerUuidOf(request)) }),
  );
  route(app, getOpsCollateralDiscrepancies, () => listCollateralDiscrepancies(deps));
  proposalRoute(
    app,
    deps,
    postOpsLiquidationFill,
    ({ params, body }) => ({ liquidationUuid: params.liquidationUuid, ...body }),
    OPS_MONEY_PROPOSAL,
  );
};
