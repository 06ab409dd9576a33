import type { FastifyPluginAsync } from 'fastify';
import { postSandboxPrices } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { setSandboxPrices } from '../../services/sandbox/set-sandbox-prices.js';

/** Registered only when SANDBOX is on. */
export const sandboxPricesRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, postSandboxPrices, ({ body }) => setSandboxPrices(db, body));
};
