import type { FastifyPluginAsync, LogLevel } from 'fastify';
import { getAddressLookup } from '@pledge/contract';
import type { TAddressesPort } from '../../adapters/address/port.js';
import { route } from '../../http/route.js';
import { lookupAddresses } from '../../services/address/lookup-addresses.js';

/** Per client address: lookups follow typing, debounced by the page. */
export const ADDRESS_LOOKUPS_PER_IP_PER_MINUTE = 120;

const LEVEL_RANKS: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/** Warnings at most: never more talkative than the app's own level. */
function quietLevel(appLevel: string): LogLevel {
  const isKnown = (level: string): level is LogLevel => Object.hasOwn(LEVEL_RANKS, level);
  return isKnown(appLevel) && LEVEL_RANKS[appLevel] >= LEVEL_RANKS.warn ? appLevel : 'warn';
}

export const addressRoutes: FastifyPluginAsync<{ addresses: TAddressesPort }> = async (
  app,
  { addresses },
) => {
  // The request log lines carry the URL, and this URL carries what the borrower typed of their
  // home address: only warnings and errors are logged here.
  await app.register(
    async (quiet) => {
      route(
        quiet,
        getAddressLookup,
        ({ query, request }) => lookupAddresses(addresses, query.partialAddress, request.log),
        { rateLimit: { max: ADDRESS_LOOKUPS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
      );
    },
    { logLevel: quietLevel(app.log.level) },
  );
};
