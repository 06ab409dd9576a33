/**
 * An agent records the desk's fill of an open liquidation order (POST …/liquidations/:uuid/fill):
 * one transaction that settles the loan (liquidation-fill.ts). The Idempotency-Key makes a retry
 * answer the same liquidation.
 */
import type { TLiquidation, TPostOpsLiquidationFillBody } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { recordLiquidationFill } from './liquidation-fill.js';

export async function recordDeskFill(
  deps: { db: TDb; clock: () => Date },
  input: {
    liquidationUuid: string;
    body: TPostOpsLiquidationFillBody;
    idempotencyKey: string;
    actor: string;
  },
): Promise<TLiquidation> {
  return deps.db.transaction((tx) =>
    recordLiquidationFill(tx, deps, {
      liquidationUuid: input.liquidationUuid,
      fill: {
        coinQuantitySold: input.body.coinQuantitySold,
        priceCents: input.body.priceCents,
        venue: input.body.venue,
        executedAt: new Date(input.body.executedAt),
      },
      actor: input.actor,
      idempotencyKey: input.idempotencyKey,
    }),
  );
}
