/**
 * The console's controlled actions (packages/domain controlled-actions.ts): the list waiting for a
 * second agent, and approving or rejecting one.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  getControlledActions,
  postApproveControlledAction,
  postRejectControlledAction,
} from '@pledge/contract';
import { OPS_MONEY_PROPOSALS_PER_MINUTE } from '@pledge/domain';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import {
  approveControlledAction,
  rejectControlledAction,
} from '../../services/controls/decide-controlled-action.js';
import { listControlledActions } from '../../services/controls/list-controlled-actions.js';

/** The pace of the routes that propose or decide a money move. */
export const OPS_MONEY_ROUTE_LIMIT = { max: OPS_MONEY_PROPOSALS_PER_MINUTE, timeWindow: 60_000 };

export const opsControlledActionsRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  route(app, getControlledActions, ({ query }) => listControlledActions(deps.db, query));
  route(
    app,
    postApproveControlledAction,
    ({ params, request }) =>
      approveControlledAction(deps, {
        proposalId: params.proposalId,
        agentUuid: callerUuidOf(request),
      }),
    { rateLimit: OPS_MONEY_ROUTE_LIMIT },
  );
  route(app, postRejectControlledAction, ({ params, body, request }) =>
    rejectControlledAction(deps, {
      proposalId: params.proposalId,
      agentUuid: callerUuidOf(request),
      reason: body.reason,
    }),
  );
};
