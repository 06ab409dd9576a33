/** The console's dependency report: the outside dependencies as their last probes found them. */
import type { FastifyPluginAsync } from 'fastify';
import { getOpsHealth } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { getDependencyHealth } from '../../services/health/get-dependency-health.js';

/** Per client address: the page is read by hand and refreshed now and then. */
export const OPS_HEALTH_READS_PER_IP_PER_MINUTE = 120;

export const opsHealthRoutes: FastifyPluginAsync<{ db: TDb; clock: TClock }> = async (
  app,
  deps,
) => {
  route(app, getOpsHealth, () => getDependencyHealth(deps), {
    rateLimit: { max: OPS_HEALTH_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
  });
};
