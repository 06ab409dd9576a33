/**
 * The console's view of the coins ended refinancings received (newest first, by status), and the
 * approval of their return (REFI_COIN_RETURN, maker–checker): every confirmed coin on the address,
 * read again when approved, to the address the borrower gave, with the withdrawal's transaction.
 * Refused while a deposit is still confirming (it would be left behind) and once returned.
 */
import type {
  TGetRefiCoinReturnsQuery,
  TGetRefiCoinReturnsResponse,
  TPostRefiCoinReturnBody,
  TRefiCoinReturnItem,
} from '@pledge/contract';
import { REFI_COIN_RETURN_MESSAGES, toCoinQuantity } from '@pledge/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  auditEvents,
  collateralDeposits,
  identities,
  refiCoinReturns,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { readNewestFirstPage } from '../newest-first-page.js';
import { actors } from '../applications/apply-transition.js';
import { confirmedBalance } from '../collateral/collateral-record.js';
import type { TRefiOpsDeps } from './import-refi-tape.js';
import {
  REFI_COIN_RETURN_ENTITY,
  refiCoinReturnView,
  type TRefiCoinReturnRow,
} from './refi-coin-return-record.js';
import { loanIdsByApplication } from './refi-record.js';

async function itemsOf(
  db: TDb,
  rows: readonly TRefiCoinReturnRow[],
): Promise<TRefiCoinReturnItem[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((row) => row.applicationUuid);
  const deposits = await db
    .select()
    .from(collateralDeposits)
    .where(inArray(collateralDeposits.applicationUuid, uuids))
    .orderBy(asc(collateralDeposits.transactionTime));
  const loanIds = await loanIdsByApplication(db, uuids);
  return rows.flatMap((row) => {
    const view = refiCoinReturnView({
      state: 'CANCELLED',
      type: row.collateralType,
      row,
      deposits: deposits.filter((deposit) => deposit.applicationUuid === row.applicationUuid),
    });
    if (view === undefined) return [];
    return [
      {
        ...view,
        appUuid: row.applicationUuid,
        celsiusLoanIds: loanIds.get(row.applicationUuid) ?? [],
        createdAt: row.createdAt.toISOString(),
        returnedBy: row.returnedByEmail,
      },
    ];
  });
}

export async function listRefiCoinReturns(
  deps: Pick<TRefiOpsDeps, 'db'>,
  query: TGetRefiCoinReturnsQuery,
): Promise<TGetRefiCoinReturnsResponse> {
  const { page, nextCursor } = await readNewestFirstPage(
    deps.db.select().from(refiCoinReturns).$dynamic(),
    query.status === undefined ? undefined : eq(refiCoinReturns.status, query.status),
    query,
    {
      time: refiCoinReturns.createdAt,
      key: refiCoinReturns.applicationUuid,
      cursorOf: (row) => ({ time: row.createdAt, key: row.applicationUuid }),
    },
  );
  return { items: await itemsOf(deps.db, page), nextCursor };
}

/** The coins a return would send now, or the reason it cannot be recorded. */
export async function coinsToReturn(
  tx: TDb,
  appUuid: string,
): Promise<{ row: TRefiCoinReturnRow; quantity: string }> {
  const [row] = await tx
    .select()
    .from(refiCoinReturns)
    .where(eq(refiCoinReturns.applicationUuid, appUuid));
  if (row === undefined) {
    throw new HttpError(404, 'NOT_FOUND', 'This refinancing holds no coins to return');
  }
  if (row.status === 'RETURNED') {
    throw new HttpError(409, 'COINS_RETURNED', REFI_COIN_RETURN_MESSAGES.returned);
  }
  if (row.status === 'CARRIED_OVER') {
    throw new HttpError(409, 'COINS_CARRIED_OVER', REFI_COIN_RETURN_MESSAGES.carriedOver);
  }
  if (row.status !== 'REQUESTED' || row.returnAddress === null) {
    throw new HttpError(409, 'NO_RETURN_ADDRESS', REFI_COIN_RETURN_MESSAGES.notRequested);
  }
  const deposits = await tx
    .select()
    .from(collateralDeposits)
    .where(eq(collateralDeposits.applicationUuid, appUuid));
  if (deposits.some((deposit) => deposit.confirmedAt === null)) {
    throw new HttpError(409, 'PENDING_TRANSACTIONS', REFI_COIN_RETURN_MESSAGES.stillConfirming);
  }
  const quantity = confirmedBalance(deposits);
  if (toCoinQuantity(quantity).isZero()) {
    throw new HttpError(409, 'NO_COLLATERAL', REFI_COIN_RETURN_MESSAGES.noCoins);
  }
  return { row, quantity };
}

/** The approval of a REFI_COIN_RETURN proposal, inside its transaction. */
export async function recordRefiCoinReturn(
  deps: Pick<TRefiOpsDeps, 'db' | 'clock'>,
  input: { appUuid: string; agentUuid: string; body: TPostRefiCoinReturnBody },
): Promise<TRefiCoinReturnItem> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    await tx
      .select({ uuid: refiCoinReturns.applicationUuid })
      .from(refiCoinReturns)
      .where(eq(refiCoinReturns.applicationUuid, input.appUuid))
      .for('update');
    const { row, quantity } = await coinsToReturn(tx, input.appUuid);
    const [agent] = await tx
      .select({ email: identities.email })
      .from(identities)
      .where(eq(identities.uuid, input.agentUuid));
    if (agent === undefined) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in again.');
    const [updated] = await tx
      .update(refiCoinReturns)
      .set({
        status: 'RETURNED',
        returnedQuantity: quantity,
        transactionHash: input.body.transactionHash,
        returnedAt: now,
        returnedByEmail: agent.email,
        updatedAt: now,
      })
      .where(eq(refiCoinReturns.applicationUuid, input.appUuid))
      .returning();
    if (updated === undefined) throw new Error('The coin return vanished');
    await tx.insert(auditEvents).values({
      entityType: REFI_COIN_RETURN_ENTITY,
      entityId: input.appUuid,
      actor: actors.agent(agent.email),
      fromState: row.status,
      toState: 'RETURNED',
      reason: `${quantity} ${row.collateralType} returned to ${row.returnAddress ?? ''}, transaction ${input.body.transactionHash}${input.body.note === undefined ? '' : `: ${input.body.note}`}`,
      at: now,
    });
    const [item] = await itemsOf(tx, [updated]);
    if (item === undefined) throw new Error('No coin return view was built');
    return item;
  });
}
