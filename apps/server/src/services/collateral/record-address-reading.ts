/**
 * What the deposit watcher keeps of one read of an address besides its deposits: the movements
 * that left it (one row per transaction id, updated as they confirm), and its confirmed balance
 * with the block height it holds at, the tip and the time of the read, compared with what the
 * ledger says the loan holds. Runs in the watcher's transaction, under its application lock.
 */
import { collateralProofStatus, toCoinQuantity } from '@pledge/domain';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type {
  TChainAddressState,
  TChainCoin,
  TChainTransaction,
} from '../../adapters/chain/port.js';
import type { TDb } from '../../db/pool.js';
import type { collateralDeposits } from '../../db/schema/index.js';
import {
  collateralAddressBalances,
  collateralWithdrawals,
  servicingLoans,
} from '../../db/schema/index.js';
import { WATCHED_LOAN_STATUSES } from '../risk/add-loan-collateral.js';
import { coinText } from './collateral-record.js';

/**
 * Records the movements one read of an address reported in their table (deposits or withdrawals),
 * once per transaction id, updating their confirmations as they grow; once confirmed, a movement
 * stays confirmed. An unconfirmed one the chain no longer reports was dropped or replaced: forgotten.
 */
export async function recordChainMovements(
  tx: TDb,
  table: typeof collateralDeposits | typeof collateralWithdrawals,
  input: {
    appUuid: string;
    movements: readonly TChainTransaction[];
    requiredConfirmations: number;
    now: Date;
  },
): Promise<void> {
  for (const movement of input.movements) {
    const isConfirmed = movement.confirmations >= input.requiredConfirmations;
    await tx
      .insert(table)
      .values({
        applicationUuid: input.appUuid,
        txid: movement.txid,
        amount: movement.amount,
        confirmations: movement.confirmations,
        transactionTime: movement.time ?? input.now,
        confirmedAt: isConfirmed ? input.now : null,
        firstSeenAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoUpdate({
        target: [table.applicationUuid, table.txid],
        set: {
          amount: movement.amount,
          confirmations: movement.confirmations,
          transactionTime: movement.time === null ? sql`${table.transactionTime}` : movement.time,
          confirmedAt: isConfirmed
            ? sql`COALESCE(${table.confirmedAt}, ${input.now.toISOString()}::timestamptz)`
            : sql`${table.confirmedAt}`,
          updatedAt: input.now,
        },
      });
  }
  const reported = input.movements.map((movement) => movement.txid);
  await tx
    .delete(table)
    .where(
      and(
        eq(table.applicationUuid, input.appUuid),
        isNull(table.confirmedAt),
        ...(reported.length > 0 ? [notInArray(table.txid, reported)] : []),
      ),
    );
}

/**
 * The coins the ledger says the loan holds at its address: a funded loan still carrying collateral
 * risk; null before funding and once the loan closed (its coins may leave then).
 */
export async function expectedCoinsOf(tx: TDb, appUuid: string): Promise<string | null> {
  const [loan] = await tx
    .select({ status: servicingLoans.status, units: servicingLoans.collateralUnits })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, appUuid));
  if (loan === undefined || loan.units === null) return null;
  if (!(WATCHED_LOAN_STATUSES as readonly string[]).includes(loan.status)) return null;
  return coinText(loan.units);
}

export async function recordAddressReading(
  tx: TDb,
  input: {
    appUuid: string;
    coin: TChainCoin;
    address: string;
    state: TChainAddressState;
    requiredConfirmations: number;
    now: Date;
  },
): Promise<void> {
  await recordChainMovements(tx, collateralWithdrawals, {
    ...input,
    movements: input.state.withdrawals,
  });
  const expectedCoins = await expectedCoinsOf(tx, input.appUuid);
  const confirmedBalance = coinText(toCoinQuantity(input.state.confirmedBalance).toFixed());
  const isShort = collateralProofStatus({ confirmedBalance, expectedCoins }) === 'SHORT';
  const row = {
    applicationUuid: input.appUuid,
    collateralType: input.coin,
    confirmedBalance,
    balanceHeight: input.state.balanceHeight,
    tipHeight: input.state.tipHeight,
    readAt: input.now,
    expectedCoins,
    isShort,
    shortSince: isShort ? input.now : null,
    updatedAt: input.now,
  };
  await tx
    .insert(collateralAddressBalances)
    .values({ address: input.address, ...row })
    .onConflictDoUpdate({
      target: collateralAddressBalances.address,
      set: {
        ...row,
        // A discrepancy keeps the time it was first seen until the balance covers the ledger again.
        shortSince: isShort
          ? sql`COALESCE(${collateralAddressBalances.shortSince}, ${input.now.toISOString()}::timestamptz)`
          : null,
      },
      // A read of an older tip (a slower instance's) never replaces a newer one.
      setWhere: sql`${collateralAddressBalances.tipHeight} <= ${input.state.tipHeight}`,
    });
}
