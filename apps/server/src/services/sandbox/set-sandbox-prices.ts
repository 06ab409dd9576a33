import { sql } from 'drizzle-orm';
import type { TPostSandboxPricesBody, TPostSandboxPricesResponse } from '@pledge/contract';
import { OFFERED_COLLATERAL_TYPES, centsToUsd, usdToCents } from '@pledge/domain';
import { sandboxPricesChanged } from '../../adapters/prices/sandbox.js';
import { sandboxPrices } from '../../db/schema/index.js';
import { SANDBOX_DEFAULT_PRICE_CENTS } from '../../db/seed.js';
import type { TDb } from '../../db/pool.js';
import { enqueue } from '../../jobs/enqueue.js';
import { riskPassJob, riskPassKey } from '../../jobs/definitions/risk-pass.js';
import { recordPriceObservation } from '../prices/price-observations.js';

/**
 * Sets the given sandbox prices (US dollars per coin) and answers every current one. Each price set
 * is stored as an observation in the same transaction, and the risk pass is queued to act on it.
 */
export async function setSandboxPrices(
  db: TDb,
  body: TPostSandboxPricesBody,
): Promise<TPostSandboxPricesResponse> {
  const changes = OFFERED_COLLATERAL_TYPES.flatMap((collateralType) => {
    const usd = body[collateralType];
    return usd === undefined ? [] : [{ collateralType, priceCents: usdToCents(usd) }];
  });
  const rows = await db.transaction(async (tx) => {
    // A price never set falls back to the seed default, so the answer always has both.
    await tx
      .insert(sandboxPrices)
      .values(
        OFFERED_COLLATERAL_TYPES.map((collateralType) => ({
          collateralType,
          priceCents: SANDBOX_DEFAULT_PRICE_CENTS[collateralType],
        })),
      )
      .onConflictDoNothing({ target: sandboxPrices.collateralType });
    await tx
      .insert(sandboxPrices)
      .values(changes)
      .onConflictDoUpdate({
        target: sandboxPrices.collateralType,
        set: { priceCents: sql`excluded.price_cents`, updatedAt: sql`now()` },
      });
    for (const change of changes) {
      const observation = await recordPriceObservation(tx, { ...change, source: 'SANDBOX' });
      await enqueue(tx, riskPassJob, {}, { dedupeKey: riskPassKey(`price:${observation.id}`) });
    }
    return tx.select().from(sandboxPrices);
  });
  sandboxPricesChanged();

  const byType = new Map(rows.map((row) => [row.collateralType, row]));
  const price = (type: (typeof OFFERED_COLLATERAL_TYPES)[number]) => {
    const row = byType.get(type);
    if (row === undefined) throw new Error(`Sandbox price of ${type} missing after upsert`);
    return row;
  };
  const updatedAt = new Date(Math.max(...rows.map((row) => row.updatedAt.getTime())));
  return {
    BTC: centsToUsd(price('BTC').priceCents),
    ETH: centsToUsd(price('ETH').priceCents),
    updatedAt: updatedAt.toISOString(),
  };
}
