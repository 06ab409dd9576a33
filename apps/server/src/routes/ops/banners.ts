import type { FastifyPluginAsync } from 'fastify';
import { deleteOpsBanner, getOpsBanners, postOpsBanner, putOpsBanner } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { createBanner } from '../../services/banners/create-banner.js';
import { deactivateBanner } from '../../services/banners/deactivate-banner.js';
import { listBanners } from '../../services/banners/list-banners.js';
import { updateBanner } from '../../services/banners/update-banner.js';
import { callerUuidOf } from '../../http/auth.js';

export const opsBannersRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getOpsBanners, () => listBanners(db));
  route(app, postOpsBanner, ({ body, request }) =>
    createBanner(db, { banner: body, agentUuid: callerUuidOf(request) }),
  );
  route(app, putOpsBanner, ({ params, body, request }) =>
    updateBanner(db, {
      bannerUuid: params.bannerUuid,
      banner: body,
      agentUuid: callerUuidOf(request),
    }),
  );
  route(app, deleteOpsBanner, ({ params, request }) =>
    deactivateBanner(db, { bannerUuid: params.bannerUuid, agentUuid: callerUuidOf(request) }),
  );
};
