/** The console's proposal of a liquidation surplus wired back to the borrower. */
import type { FastifyPluginAsync } from 'fastify';
import { postOpsSurplusPayout } from '@pledge/contract';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { OPS_MONEY_PROPOSAL, proposalRoute } from './controlled-actions.js';

export const opsSurplusRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  proposalRoute(
    app,
    deps,
    postOpsSurplusPayout,
    ({ params, body }) => ({ loanUuid: params.loanUuid, ...body }),
    OPS_MONEY_PROPOSAL,
  );
};
