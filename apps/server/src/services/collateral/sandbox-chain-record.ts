/**
 * The sandbox's simulated chain, as its deposit and withdrawal endpoints write it: the derived
 * account behind an address, and a movement stored under a random transaction id and watched at
 * once, so that the application and its collateral proof move without waiting for a poll.
 */
import { randomBytes } from 'node:crypto';
import type {
  TPostSandboxChainDepositBody,
  TPostSandboxChainDepositResponse,
} from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { isChainCoin, type TChainCoin } from '../../adapters/chain/port.js';
import {
  collateralAccounts,
  type sandboxChainTransactions,
  type sandboxChainWithdrawals,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { coinText } from './collateral-record.js';
import { watchApplicationDeposits, type TWatchDepositsDeps } from './watch-deposits.js';

/** The application and coin of a derived deposit address; 404 for any other address. */
export async function sandboxChainAccount(
  deps: TWatchDepositsDeps,
  address: string,
): Promise<{ applicationUuid: string; coin: TChainCoin }> {
  const [account] = await deps.db
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.depositAddress, address));
  if (account === undefined || !isChainCoin(account.collateralType)) {
    throw new HttpError(404, 'ADDRESS_NOT_FOUND', 'No deposit address like this was derived');
  }
  return { applicationUuid: account.applicationUuid, coin: account.collateralType };
}

/** Puts a movement of the account's address on the sandbox chain, then watches the address. */
export async function recordSandboxChainMovement(
  deps: TWatchDepositsDeps,
  table: typeof sandboxChainTransactions | typeof sandboxChainWithdrawals,
  account: { applicationUuid: string; coin: TChainCoin },
  body: TPostSandboxChainDepositBody,
): Promise<TPostSandboxChainDepositResponse> {
  const hash = randomBytes(32).toString('hex');
  const [row] = await deps.db
    .insert(table)
    .values({
      txid: account.coin === 'ETH' ? `0x${hash}` : hash,
      address: body.address,
      collateralType: account.coin,
      amount: body.amount,
      confirmations: body.confirmations ?? deps.chain.requiredConfirmations(account.coin),
      createdAt: deps.clock(),
    })
    .returning();
  if (row === undefined)
    throw new Error(`The sandbox movement on ${body.address} was not recorded`);
  await watchApplicationDeposits(deps, account.applicationUuid);
  return {
    transactionHash: row.txid,
    address: row.address,
    collateralType: row.collateralType,
    amount: coinText(row.amount),
    confirmations: row.confirmations,
    createdAt: row.createdAt.toISOString(),
  };
}
