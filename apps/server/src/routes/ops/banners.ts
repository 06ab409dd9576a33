import type { FastifyPluginAsync } from 'fastify';
import { deleteOpsBanner, getOpsBanners, postOpsBanner, putOpsBanner } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { createBanner } from '../../services/banners/create-banner.js';
import { deactivateBanner } from '../../services/banners/deactivate-banner.js';
import { listBanners } from '../../services/banners/list-banners.js';
import { updateBanner } from '../../services/banners/update-banner.js';
import { callerUuidOf } from '../../http/auth.js';

/**
 * Per client address. Agents read the list as they work and change banners by hand; the limits
 * leave room for that and stop a runaway script (or a stolen agent token) from hammering the table.
 */
export const OPS_BANNER_READS_PER_IP_PER_MINUTE = 120;
export const OPS_BANNER_CHANGES_PER_IP_PER_MINUTE = 30;

export const opsBannersRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  const readLimit = { max: OPS_BANNER_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' };
  // One budget per route: creating, editing and switching off each count on their own.
  const changeLimit = { max: OPS_BANNER_CHANGES_PER_IP_PER_MINUTE, timeWindow: '1 minute' };
  route(app, getOpsBanners, () => listBanners(db), { rateLimit: readLimit });
  route(
    app,
    postOpsBanner,
    ({ body, request }) => createBanner(db, { banner: body, agentUuid: callerUuidOf(request) }),
    { rateLimit: changeLimit },
  );
  route(
    app,
    putOpsBanner,
    ({ params, body, request }) =>
      updateBanner(db, {
        bannerUuid: params.bannerUuid,
        banner: body,
        agentUuid: callerUuidOf(request),
      }),
    { rateLimit: changeLimit },
  );
  route(
    app,
    deleteOpsBanner,
    ({ params, request }) =>
      deactivateBanner(db, { bannerUuid: params.bannerUuid, agentUuid: callerUuidOf(request) }),
    { rateLimit: changeLimit },
  );
};
