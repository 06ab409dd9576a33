import type { FastifyPluginAsync } from 'fastify';
import { postDecision, postFeatures } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { decideExperiment } from '../../services/flags/decide-experiment.js';
import { listFeatureDecisions } from '../../services/flags/list-feature-decisions.js';
import { seedFeatureFlags } from '../../services/flags/seed-feature-flags.js';

/** Per client address: every page asks a few flags, once per load. */
export const FLAG_DECISIONS_PER_IP_PER_MINUTE = 300;

export const optimizeRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  // The flags the product reads exist (off) in every environment, before the first decision.
  await seedFeatureFlags(db);
  const rateLimit = { max: FLAG_DECISIONS_PER_IP_PER_MINUTE, timeWindow: '1 minute' };
  route(app, postDecision, ({ body }) => decideExperiment(db, body), { rateLimit });
  route(app, postFeatures, ({ body }) => listFeatureDecisions(db, body), { rateLimit });
};
