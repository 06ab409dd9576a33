import type { FastifyPluginAsync } from 'fastify';
import {
  getOffers,
  getSelectedOffer as getSelectedOfferEndpoint,
  postRequestedOffer,
  postSelectOffer,
} from '@pledge/contract';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { acceptOffer } from '../../services/offers/accept-offer.js';
import { getSelectedOffer } from '../../services/offers/get-selected-offer.js';
import { listOffers } from '../../services/offers/list-offers.js';
import { createOpenOffersCache } from '../../services/offers/open-offers-cache.js';
import { requestOffer } from '../../services/offers/request-offer.js';
import { callerUuidOf } from '../../http/auth.js';

export const offersRoutes: FastifyPluginAsync<{
  db: TDb;
  clock: TClock;
  prices: TPricesPort;
}> = async (app, deps) => {
  // Every change to an application's offers goes through the routes below, which forget its list.
  const openOffers = createOpenOffersCache(deps.clock);
  route(app, postRequestedOffer, async ({ params, body, request }) => {
    try {
      return await requestOffer(deps, {
        identityUuid: callerUuidOf(request),
        appUuid: params.appUuid,
        body,
      });
    } finally {
      openOffers.forget(params.appUuid);
    }
  });
  route(app, getOffers, ({ params, request }) =>
    listOffers(
      { ...deps, openOffers },
      { identityUuid: callerUuidOf(request), appUuid: params.appUuid },
    ),
  );
  route(app, getSelectedOfferEndpoint, ({ params, request }) =>
    getSelectedOffer(deps.db, { identityUuid: callerUuidOf(request), appUuid: params.appUuid }),
  );
  route(app, postSelectOffer, async ({ params, body, request }) => {
    try {
      return await acceptOffer(deps, {
        identityUuid: callerUuidOf(request),
        appUuid: params.appUuid,
        offerUuid: body.offerUuid,
      });
    } finally {
      openOffers.forget(params.appUuid);
    }
  });
};
