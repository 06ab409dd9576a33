import { eq, sql } from 'drizzle-orm';
import type { TOfferedCollateralType } from '@pledge/domain';
import { sandboxClock, sandboxPrices } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { PriceUnavailableError, type TPricesPort } from './port.js';

/** How long an instance reuses a price it read (another instance's change shows within this). */
export const SANDBOX_PRICE_CACHE_MS = 1_000;

/** Bumped whenever this process sets sandbox prices: every cached read before it is stale. */
let pricesVersion = 0;

/** Called after POST /sandbox/prices committed: the next quote reads the new price at once. */
export function sandboxPricesChanged(): void {
  pricesVersion += 1;
}

interface TCachedPrice {
  version: number;
  readAt: number;
  quote: Promise<{ priceCents: number; asOf: Date }>;
}

/**
 * Fixed prices kept in the database, set through POST /sandbox/prices. A sandbox price holds until
 * it is changed, so it is quoted as of when it was read, by the deployment's clock (real time plus
 * the sandbox clock's offset, read in the same statement): a quote is never stamped with the wall
 * clock beside dates of the moved clock. A read is shared for up to a second (by every request
 * asking meanwhile), unless this process changes the prices.
 */
export function createSandboxPrices(
  db: TDb,
  options: { now?: () => number; cacheMs?: number } = {},
): TPricesPort {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? SANDBOX_PRICE_CACHE_MS;
  const cache = new Map<TOfferedCollateralType, TCachedPrice>();

  const readPrice = async (type: TOfferedCollateralType) => {
    const readAt = Date.now();
    const [row] = await db
      .select({
        priceCents: sandboxPrices.priceCents,
        clockOffsetMs: sql<
          string | number | null
        >`(SELECT ${sandboxClock.offsetMs} FROM ${sandboxClock} WHERE ${sandboxClock.id})`,
      })
      .from(sandboxPrices)
      .where(eq(sandboxPrices.collateralType, type));
    if (row === undefined) throw new PriceUnavailableError(type, 'no sandbox price is set');
    return { priceCents: row.priceCents, asOf: new Date(readAt + Number(row.clockOffsetMs ?? 0)) };
  };

  return {
    async getPrice(type: TOfferedCollateralType) {
      const at = now();
      let entry = cache.get(type);
      if (entry === undefined || entry.version !== pricesVersion || at - entry.readAt >= cacheMs) {
        const fresh: TCachedPrice = { version: pricesVersion, readAt: at, quote: readPrice(type) };
        entry = fresh;
        cache.set(type, fresh);
        // A failed read is not kept: the next request asks the database again.
        fresh.quote.catch(() => {
          if (cache.get(type) === fresh) cache.delete(type);
        });
      }
      const { priceCents, asOf } = await entry.quote;
      return { priceCents, asOf: new Date(asOf) };
    },
  };
}
