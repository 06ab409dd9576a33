/** Renewal (roll-forward): open or refresh it, its rates, and the collateral it adds. */
import type { FastifyPluginAsync } from 'fastify';
import {
  postRollForwardOffers,
  postRollForwardRates,
  postRollForwardTopUp,
} from '@pledge/contract';
import { callerApplicationOf, callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { openRenewal } from '../../services/renewal/open-renewal.js';
import { quoteRenewalRates } from '../../services/renewal/quote-renewal-rates.js';
import type { TRenewalDeps } from '../../services/renewal/renewal-deps.js';
import { setRenewalTopUp } from '../../services/renewal/set-renewal-top-up.js';

export const rollForwardRoutes: FastifyPluginAsync<TRenewalDeps> = async (app, deps) => {
  route(app, postRollForwardOffers, ({ params, request }) =>
    openRenewal(deps, { identityUuid: callerUuidOf(request), loanUuid: params.appUuid }),
  );
  route(app, postRollForwardRates, ({ body, request }) =>
    quoteRenewalRates(deps, { identityUuid: callerUuidOf(request), body }),
  );
  route(app, postRollForwardTopUp, ({ params, body, request }) =>
    setRenewalTopUp(deps, {
      ...callerApplicationOf(request, params),
      topUpQuantity: body.topUpQuantity,
    }),
  );
};
