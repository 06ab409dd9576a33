import type { FastifyPluginAsync } from 'fastify';
import { getOpsAgents, postOpsDeactivateAgent } from '@pledge/contract';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { listOpsAgents } from '../../services/ops/list-agents.js';
import { proposalRoute } from './controlled-actions.js';

export const opsAgentsRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  route(app, getOpsAgents, ({ request }) =>
    listOpsAgents(deps, { agentUuid: callerUuidOf(request) }),
  );
  proposalRoute(app, deps, postOpsDeactivateAgent, ({ body }) => body);
};
