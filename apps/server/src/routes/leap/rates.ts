import type { FastifyPluginAsync } from 'fastify';
import { getCryptoValues, postRates } from '@pledge/contract';
import type { TAdapters } from '../../adapters/index.js';
import { route } from '../../http/route.js';
import { quoteCryptoValues } from '../../services/prices/quote-crypto-values.js';
import { quoteRateBands } from '../../services/rates/quote-rate-bands.js';

export const ratesRoutes: FastifyPluginAsync<{ adapters: TAdapters }> = async (
  app,
  { adapters },
) => {
  // Neither tells the time (the price carries its own), so neither loads the sandbox clock.
  route(app, getCryptoValues, ({ query }) => quoteCryptoValues(adapters, query), {
    clock: 'none',
  });
  route(app, postRates, ({ query, body }) => quoteRateBands(adapters, { query, body }), {
    clock: 'none',
  });
};
