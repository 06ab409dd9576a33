/**
 * A liquidation as the borrower's loan page and the console show it: the order (what to sell and
 * why, on which stored price) and, once filled, what was sold, at what price, the fee, what was
 * applied and the surplus.
 */
import type { TLiquidation } from '@pledge/contract';
import { toCoinQuantity } from '@pledge/domain';
import { desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  liquidations,
  priceObservations,
  type TLiquidationRow,
  type TPriceObservationRow,
} from '../../db/schema/index.js';
import { toPriceObservationView } from '../prices/price-observations.js';

/** At most this many liquidations of one loan are listed, newest first (the contract's bound). */
export const LOAN_LIQUIDATIONS_MAX = 20;

/** Coin quantities shown with 8 decimals (the exchange's precision). */
export const coinText8 = (value: string) => toCoinQuantity(value).toFixed(8);

/** What a filled liquidation sold, at what price, where and when, and where the proceeds went. */
export function fillFiguresOf(row: TLiquidationRow) {
  return {
    coinQuantitySold: coinText8(row.coinQuantitySold ?? '0'),
    priceCents: row.fillPriceCents ?? 0,
    venue: row.venue ?? '',
    executedAt: (row.executedAt ?? row.updatedAt).toISOString(),
    proceedsCents: row.proceedsCents ?? 0,
    feeCents: row.feeCents ?? 0,
    appliedCents: row.appliedCents ?? 0,
    surplusCents: row.surplusCents ?? 0,
  };
}

export function toLiquidationView(
  row: TLiquidationRow,
  decisionPrice: TPriceObservationRow,
): TLiquidation {
  const filled =
    row.status === 'FILLED' &&
    row.coinQuantitySold !== null &&
    row.fillPriceCents !== null &&
    row.venue !== null &&
    row.executedAt !== null;
  return {
    liquidationUuid: row.uuid,
    status: row.status,
    reason: row.reason,
    ltvAtDecisionPct: Number(row.ltvAtDecisionPct),
    decisionPrice: toPriceObservationView(decisionPrice),
    coinQuantityToSell: coinText8(row.coinQuantityToSell),
    fill: filled
      ? {
          ...fillFiguresOf(row),
          ltvAfterPct: row.ltvAfterPct === null ? null : Number(row.ltvAfterPct),
        }
      : null,
    statementReady: filled && row.statementPdfKey !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The loan's liquidations with the price behind each, newest first. */
export async function liquidationsOfLoan(db: TDb, loanUuid: string): Promise<TLiquidation[]> {
  const rows = await db
    .select({ liquidation: liquidations, price: priceObservations })
    .from(liquidations)
    .innerJoin(priceObservations, eq(priceObservations.id, liquidations.decisionPriceObservationId))
    .where(eq(liquidations.loanUuid, loanUuid))
    .orderBy(desc(liquidations.createdAt), desc(liquidations.uuid))
    .limit(LOAN_LIQUIDATIONS_MAX);
  return rows.map((row) => toLiquidationView(row.liquidation, row.price));
}

/** One liquidation with its decision price; undefined when there is none of that id. */
export async function findLiquidation(
  db: TDb,
  liquidationUuid: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ liquidation: TLiquidationRow; price: TPriceObservationRow } | undefined> {
  const query = db
    .select({ liquidation: liquidations, price: priceObservations })
    .from(liquidations)
    .innerJoin(priceObservations, eq(priceObservations.id, liquidations.decisionPriceObservationId))
    .where(eq(liquidations.uuid, liquidationUuid));
  const [row] =
    options.forUpdate === true ? await query.for('update', { of: liquidations }) : await query;
  return row;
}
