/** The console's proposal of a liquidation surplus wired back to the borrower. */
import type { FastifyPluginAsync } from 'fastify';
import { postOpsSurplusPayout } from '@pledge/contract';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { proposeControlledAction } from '../../services/controls/propose-controlled-action.js';
import { OPS_MONEY_ROUTE_LIMIT } from './controlled-actions.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';

export const opsSurplusRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
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
