import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { getHealthz, getLivez, getReadyz } from '@pledge/contract';
import { route } from '../../http/route.js';
import { checkHealth } from '../../services/system/check-health.js';
import { createReadinessCheck } from '../../services/system/check-readiness.js';

/**
 * Probes of a load balancer or orchestrator: liveness (the process answers: restart it when not),
 * readiness (send it traffic: database reachable, migrations current, not shutting down), and the
 * older combined health check (process and database).
 */
export const healthRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, { pool }) => {
  const readiness = createReadinessCheck(pool);
  // A shutdown starts: the balancer takes the instance out while it finishes what it holds.
  app.addHook('preClose', async () => readiness.drain());
  route(app, getHealthz, () => checkHealth(pool));
  route(app, getLivez, async () => ({ status: 'ok' as const }));
  route(app, getReadyz, () => readiness.check());
};
