import type { FastifyPluginAsync } from 'fastify';
import { getFinalSteps as getFinalStepsEndpoint } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { getFinalSteps } from '../../services/applications/get-final-steps.js';
import { callerApplicationOf } from '../../http/auth.js';

export const finalStepsRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getFinalStepsEndpoint, ({ params, request }) =>
    getFinalSteps(db, callerApplicationOf(request, params)),
  );
};
