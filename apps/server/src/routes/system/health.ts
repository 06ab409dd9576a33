import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { getHealthz } from '@pledge/contract';
import { route } from '../../http/route.js';
import { checkHealth } from '../../services/system/check-health.js';

export const healthRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, { pool }) => {
  route(app, getHealthz, () => checkHealth(pool));
};
