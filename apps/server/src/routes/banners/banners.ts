import type { FastifyPluginAsync } from 'fastify';
import { getBanners } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { listActiveBanners } from '../../services/banners/list-active-banners.js';

/** Per client address: the layout asks once per page load, and the answer is never cached. */
export const BANNER_READS_PER_IP_PER_MINUTE = 300;

export const bannersRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(
    app,
    getBanners,
    async ({ reply }) => {
      // A banner an agent switches off disappears on the next page load, from every cache.
      void reply.header('cache-control', 'no-store');
      return listActiveBanners(db);
    },
    { rateLimit: { max: BANNER_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
};
