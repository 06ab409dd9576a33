import type { FastifyPluginAsync } from 'fastify';
import { getOpsAgents, postOpsDeactivateAgent } from '@pledge/contract';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { proposeControlledAction } from '../../services/controls/propose-controlled-action.js';
import { listOpsAgents } from '../../services/ops/list-agents.js';

export const opsAgentsRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  route(app, getOpsAgents, ({ request }) =>
    listOpsAgents(deps, { agentUuid: callerUuidOf(request) }),
  );
  route(app, postOpsDeactivateAgent, ({ body, request }) =>
    proposeControlledAction(deps, {
      kind: 'DEACTIVATE_AGENT',
      payload: body,
      agentUuid: callerUuidOf(request),
      idempotencyKey: null,
    }),
  );
};
