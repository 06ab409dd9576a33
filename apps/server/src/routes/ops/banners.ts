import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { deleteOpsBanner, getOpsBanners, postOpsBanner, putOpsBanner } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { HttpError, UNAUTHENTICATED } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { createBanner } from '../../services/banners/create-banner.js';
import { deactivateBanner } from '../../services/banners/deactivate-banner.js';
import { listBanners } from '../../services/banners/list-banners.js';
import { updateBanner } from '../../services/banners/update-banner.js';

/** The agent the 'agent' pre-handler verified. */
function agentOf(request: FastifyRequest): string {
  if (request.principal === null) {
    throw new HttpError(401, UNAUTHENTICATED.code, UNAUTHENTICATED.message);
  }
  return request.principal.identityUuid;
}

export const opsBannersRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getOpsBanners, () => listBanners(db));
  route(app, postOpsBanner, ({ body, request }) =>
    createBanner(db, { banner: body, agentUuid: agentOf(request) }),
  );
  route(app, putOpsBanner, ({ params, body, request }) =>
    updateBanner(db, { bannerUuid: params.bannerUuid, banner: body, agentUuid: agentOf(request) }),
  );
  route(app, deleteOpsBanner, ({ params, request }) =>
    deactivateBanner(db, { bannerUuid: params.bannerUuid, agentUuid: agentOf(request) }),
  );
};
