import type { FastifyPluginAsync } from 'fastify';
import { getBanners } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { listActiveBanners } from '../../services/banners/list-active-banners.js';

export const bannersRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getBanners, async ({ reply }) => {
    // A banner an agent switches off disappears on the next page load, from every cache.
    void reply.header('cache-control', 'no-store');
    return listActiveBanners(db);
  });
};
