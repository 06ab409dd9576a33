/**
 * The minute's market price of each coin, stored (through the wick guard) so that the risk pass
 * acts on it and each decision names it. A coin without a trustworthy price stores nothing: the
 * pass keeps the last accepted one.
 */
import { OFFERED_COLLATERAL_TYPES } from '@pledge/domain';
import { PriceUnavailableError, type TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { riskPassJob, riskPassKey } from '../../jobs/definitions/risk-pass.js';
import { enqueue } from '../../jobs/enqueue.js';
import { sql } from 'drizzle-orm';
import { latestAcceptedObservation, recordPriceObservation } from './price-observations.js';
import { failureCause } from '../../failure-cause.js';

export async function pollMarketPrices(deps: {
  db: TDb;
  prices: TPricesPort;
  clock: () => Date;
  log?: { warn(object: object, message: string): void };
}): Promise<{ stored: number; accepted: number }> {
  let stored = 0;
  let accepted = 0;
  for (const collateralType of OFFERED_COLLATERAL_TYPES) {
    let quote;
    try {
      quote = await deps.prices.getPrice(collateralType);
    } catch (error) {
      if (!(error instanceof PriceUnavailableError)) throw error;
      deps.log?.warn(
        { collateralType, failure: failureCause(error) },
        'no market price this minute',
      );
      continue;
    }
    const observedAt = deps.clock();
    await deps.db.transaction(async (tx) => {
      const row = await recordPriceObservation(tx, {
        collateralType,
        priceCents: quote.priceCents,
        source: 'MEDIAN',
        venues: quote.venues ?? [],
        observedAt,
      });
      stored += 1;
      if (row.accepted) {
        accepted += 1;
        await enqueue(tx, riskPassJob, {}, { dedupeKey: riskPassKey(`price:${row.id}`) });
      }
    });
  }
  return { stored, accepted };
}

/**
 * Sandbox: a coin whose price was never set through /sandbox/prices (the seed default) has no
 * stored price yet; it is stored once, so the pass and the loan page have one to name.
 */
export async function storeUnsetSandboxPrices(deps: {
  db: TDb;
  prices: TPricesPort;
}): Promise<number> {
  let stored = 0;
  for (const collateralType of OFFERED_COLLATERAL_TYPES) {
    if ((await latestAcceptedObservation(deps.db, collateralType)) !== null) continue;
    let quote;
    try {
      quote = await deps.prices.getPrice(collateralType);
    } catch (error) {
      if (error instanceof PriceUnavailableError) continue;
      throw error;
    }
    await deps.db.transaction(async (tx) => {
      // Under the coin's lock: two passes at once store it once.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`price-observations:${collateralType}`}))`,
      );
      if ((await latestAcceptedObservation(tx, collateralType)) !== null) return;
      await recordPriceObservation(tx, {
        collateralType,
        priceCents: quote.priceCents,
        source: 'SANDBOX',
      });
      stored += 1;
    });
  }
  return stored;
}
