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
import { requestOffer } from '../../services/offers/request-offer.js';
import { callerApplicationOf, principalOf } from '../../http/auth.js';

export const offersRoutes: FastifyPluginAsync<{
  db: TDb;
  clock: TClock;
  prices: TPricesPort;
}> = async (app, deps) => {
  // The session check reads the application too: the offer is priced on it.
  route(
    app,
    postRequestedOffer,
    ({ params, body, request }) => {
      const { identityUuid, application } = principalOf(request);
      return requestOffer(deps, {
        identityUuid,
        appUuid: params.appUuid,
        body,
        ...(application !== undefined ? { application } : {}),
      });
    },
    { applicationParam: 'appUuid' },
  );
  // The session check reads the open offers too: the list is that statement alone.
  route(
    app,
    getOffers,
    ({ params, request }) => {
      const { identityUuid, openOffers } = principalOf(request);
      return listOffers(deps, {
        identityUuid,
        appUuid: params.appUuid,
        ...(openOffers !== undefined ? { openOffers } : {}),
      });
    },
    { openOffersParam: 'appUuid' },
  );
  route(app, getSelectedOfferEndpoint, ({ params, request }) =>
    getSelectedOffer(deps.db, callerApplicationOf(request, params)),
  );
  route(app, postSelectOffer, ({ params, body, request }) =>
    acceptOffer(deps, { ...callerApplicationOf(request, params), offerUuid: body.offerUuid }),
  );
};
