/** The model's moves on the sandbox chain: a deposit to an address, and new blocks over addresses. */
import { inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../src/db/pool.js';
import { collateralAccounts, sandboxChainTransactions } from '../../src/db/schema/index.js';
import { call, type TCallJourney } from './world.js';

/** A deposit of `amount` to `address`; `confirmations` null: the coin's required count. */
export async function depositOnChain(
  journey: TCallJourney,
  address: string,
  amount: string,
  confirmations: number | null,
): Promise<void> {
  await call(journey, {
    method: 'POST',
    url: '/sandbox/chain/deposits',
    actor: null,
    payload: { address, amount, ...(confirmations === null ? {} : { confirmations }) },
  });
}

/** New blocks: every deposit to the addresses of these applications gains confirmations. */
export async function mineOver(
  db: TDb,
  applicationUuids: readonly string[],
  blocks: number,
): Promise<void> {
  if (applicationUuids.length === 0) return;
  const accounts = await db
    .select({ address: collateralAccounts.depositAddress })
    .from(collateralAccounts)
    .where(inArray(collateralAccounts.applicationUuid, [...applicationUuids]));
  const addresses = accounts.flatMap((account) =>
    account.address === null ? [] : [account.address],
  );
  if (addresses.length === 0) return;
  await db
    .update(sandboxChainTransactions)
    .set({ confirmations: sql`${sandboxChainTransactions.confirmations} + ${blocks}` })
    .where(inArray(sandboxChainTransactions.address, addresses));
}
