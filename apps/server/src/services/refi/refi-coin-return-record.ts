/**
 * The coins an ended refinancing received on its top-up address, as stored (refi_coin_returns, one
 * row per application from the first coin seen after it ended) and as the borrower and the console
 * see them: what is confirmed and still confirming, and where the coins go.
 */
import type { TRefiCoinReturn } from '@pledge/contract';
import type { TApplicationState, TCollateralType } from '@pledge/domain';
import { toCoinQuantity } from '@pledge/domain';
import { eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  auditEvents,
  collateralDeposits,
  refiApplications,
  refiCoinReturns,
} from '../../db/schema/index.js';
import {
  coinText,
  confirmedBalance,
  type TCollateralDepositRow,
} from '../collateral/collateral-record.js';

export type TRefiCoinReturnRow = typeof refiCoinReturns.$inferSelect;

/** audit_events.entity_type of a coin return (entity id: the application's uuid). */
export const REFI_COIN_RETURN_ENTITY = 'refi_coin_return';

/** The coins seen and not yet confirmed. */
export function confirmingBalance(deposits: readonly TCollateralDepositRow[]): string {
  return coinText(
    deposits
      .filter((deposit) => deposit.confirmedAt === null)
      .reduce((sum, deposit) => sum.plus(toCoinQuantity(deposit.amount)), toCoinQuantity('0'))
      .toFixed(),
  );
}

/**
 * Where the coins of a refinancing go, or undefined while it is open or when nothing ever arrived.
 * Coins seen on an ended refinancing before the row was written await an address.
 */
export function refiCoinReturnView(input: {
  state: TApplicationState;
  type: TCollateralType;
  row: TRefiCoinReturnRow | undefined;
  deposits: readonly TCollateralDepositRow[];
}): TRefiCoinReturn | undefined {
  const { row, deposits, type } = input;
  if (input.state !== 'CANCELLED') return undefined;
  if (row === undefined && deposits.length === 0) return undefined;
  return {
    status: row?.status ?? 'AWAITING_ADDRESS',
    confirmed: { coinQuantity: confirmedBalance(deposits), type },
    confirming: { coinQuantity: confirmingBalance(deposits), type },
    returnAddress: row?.returnAddress ?? null,
    requestedAt: row?.requestedAt?.toISOString() ?? null,
    returned:
      row?.returnedQuantity == null ? null : { coinQuantity: coinText(row.returnedQuantity), type },
    returnedAt: row?.returnedAt?.toISOString() ?? null,
    transactionHash: row?.transactionHash ?? null,
    carriedToAppUuid: row?.carriedToApplicationUuid ?? null,
  };
}

export async function coinReturnRowsOf(
  db: TDb,
  appUuids: readonly string[],
): Promise<Map<string, TRefiCoinReturnRow>> {
  if (appUuids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(refiCoinReturns)
    .where(inArray(refiCoinReturns.applicationUuid, [...appUuids]));
  return new Map(rows.map((row) => [row.applicationUuid, row]));
}

/**
 * Inside the caller's transaction: an ended refinancing that holds coins (confirmed or not) gets
 * its row, once, so that the console lists the coins and the borrower is asked where they go.
 * Answers whether it has one now.
 */
export async function noteRefiCoinsToReturn(
  tx: TDb,
  input: { appUuid: string; actor: string; now: Date },
): Promise<boolean> {
  const [application] = await tx
    .select({
      state: applications.state,
      isCelsiusRefi: applications.isCelsiusRefi,
      identityUuid: applications.identityUuid,
      collateralType: refiApplications.collateralType,
    })
    .from(applications)
    .innerJoin(refiApplications, eq(refiApplications.applicationUuid, applications.uuid))
    .where(eq(applications.uuid, input.appUuid));
  if (application?.isCelsiusRefi !== true || application.state !== 'CANCELLED') return false;
  const [deposit] = await tx
    .select({ id: collateralDeposits.id })
    .from(collateralDeposits)
    .where(eq(collateralDeposits.applicationUuid, input.appUuid))
    .limit(1);
  if (deposit === undefined) return false;
  const [inserted] = await tx
    .insert(refiCoinReturns)
    .values({
      applicationUuid: input.appUuid,
      identityUuid: application.identityUuid,
      collateralType: application.collateralType,
      status: 'AWAITING_ADDRESS',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ uuid: refiCoinReturns.applicationUuid });
  if (inserted !== undefined) {
    await tx.insert(auditEvents).values({
      entityType: REFI_COIN_RETURN_ENTITY,
      entityId: input.appUuid,
      actor: input.actor,
      fromState: null,
      toState: 'AWAITING_ADDRESS',
      reason: 'the refinancing ended holding coins: they wait for the borrower’s return address',
      at: input.now,
    });
  }
  return true;
}
