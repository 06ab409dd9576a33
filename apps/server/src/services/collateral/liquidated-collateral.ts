/**
 * The collateral of a loan a liquidation closed with nothing owed and coins left (the desk sold at a
 * better price than planned): the borrower's collateral shows the coins still held, the sales that
 * took the rest, and offers their return through the release, as after a payoff.
 */
import type { TCollateralInfo, TCollateralTransaction } from '@pledge/contract';
import { toCoinQuantity } from '@pledge/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { liquidations, servicingLoans } from '../../db/schema/index.js';
import { liquidatedCollateralToReturn } from '../risk/liquidation-release.js';

/**
 * The coins to return of each of these loans that a liquidation closed with nothing owed; one
 * query for all, then the few liquidated ones are checked one by one.
 */
export async function liquidationRemainders(
  db: TDb,
  loanUuids: readonly string[],
): Promise<Map<string, string>> {
  const remainders = new Map<string, string>();
  if (loanUuids.length === 0) return remainders;
  const liquidated = await db
    .select({ loanUuid: servicingLoans.loanUuid })
    .from(servicingLoans)
    .where(
      and(
        inArray(servicingLoans.loanUuid, [...loanUuids]),
        eq(servicingLoans.status, 'LIQUIDATED'),
        gt(servicingLoans.collateralUnits, '0'),
      ),
    );
  for (const { loanUuid } of liquidated) {
    const left = await liquidatedCollateralToReturn(db, loanUuid);
    if (left !== null) remainders.set(loanUuid, left);
  }
  return remainders;
}

/** The loan's filled sales as movements out of its collateral wallet, oldest first. */
async function saleTransactions(db: TDb, loanUuid: string): Promise<TCollateralTransaction[]> {
  const sales = await db
    .select({ sold: liquidations.coinQuantitySold, executedAt: liquidations.executedAt })
    .from(liquidations)
    .where(and(eq(liquidations.loanUuid, loanUuid), eq(liquidations.status, 'FILLED')))
    .orderBy(asc(liquidations.executedAt));
  return sales.flatMap(({ sold, executedAt }) =>
    sold === null || executedAt === null
      ? []
      : [
          {
            transactionTime: executedAt.toISOString(),
            transactionType: 'WITHDRAWAL' as const,
            transactionAmount: toCoinQuantity(sold).toFixed(),
            // A sale on the desk or an exchange has no chain transaction of its own.
            transactionHash: null,
            confirmed: true,
          },
        ],
  );
}

/**
 * The collateral as the borrower sees it once a liquidation left coins to return: the balance held
 * is what the sales left, the sales are listed with the deposits, and `liquidationRemainder` opens
 * the release. Unchanged when the loan has nothing to return.
 */
export async function withLiquidationRemainder(
  db: TDb,
  loanUuid: string,
  info: TCollateralInfo,
  remainder: string | null,
): Promise<TCollateralInfo> {
  if (remainder === null) return info;
  const left = { coinQuantity: remainder, type: info.requiredCoinAmount.type };
  const wallet =
    info.wallet === null
      ? null
      : {
          ...info.wallet,
          currentTotalCoinBalance: left,
          transactions: [...info.wallet.transactions, ...(await saleTransactions(db, loanUuid))],
        };
  return { ...info, wallet, liquidationRemainder: left };
}
