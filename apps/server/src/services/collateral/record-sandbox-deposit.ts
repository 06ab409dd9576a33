/**
 * Sandbox only: a simulated deposit to a derived address, put on the sandbox chain and watched at
 * once, so that a demo (or a test) sees the application move without waiting for a poll.
 */
import { randomBytes } from 'node:crypto';
import type {
  TPostSandboxChainDepositBody,
  TPostSandboxChainDepositResponse,
} from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { isChainCoin } from '../../adapters/chain/port.js';
import { collateralAccounts, sandboxChainTransactions } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { coinText } from './collateral-record.js';
import { completeWaitingRenewalOrRetry } from '../renewal/complete-renewal.js';
import { advanceRefiTopUp } from '../refi/refi-top-up.js';
import {
  watchApplicationDeposits,
  WATCH_DEPOSITS_ACTOR,
  type TWatchDepositsDeps,
} from './watch-deposits.js';

export async function recordSandboxDeposit(
  deps: TWatchDepositsDeps,
  body: TPostSandboxChainDepositBody,
): Promise<TPostSandboxChainDepositResponse> {
  const [account] = await deps.db
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.depositAddress, body.address));
  if (account === undefined || !isChainCoin(account.collateralType)) {
    throw new HttpError(404, 'ADDRESS_NOT_FOUND', 'No deposit address like this was derived');
  }
  const coin = account.collateralType;
  const hash = randomBytes(32).toString('hex');
  const [row] = await deps.db
    .insert(sandboxChainTransactions)
    .values({
      txid: coin === 'ETH' ? `0x${hash}` : hash,
      address: body.address,
      collateralType: coin,
      amount: body.amount,
      confirmations: body.confirmations ?? deps.chain.requiredConfirmations(coin),
      createdAt: deps.clock(),
    })
    .returning();
  if (row === undefined) throw new Error('The sandbox deposit was not recorded');
  await watchApplicationDeposits(deps, account.applicationUuid);
  // A renewal's top-up arrives on its loan's address; a failed completion is a retried job, the
  // deposit is answered all the same.
  await completeWaitingRenewalOrRetry(deps, account.applicationUuid, WATCH_DEPOSITS_ACTOR);
  // A refinancing's top-up arrives on its own address.
  await advanceRefiTopUp(deps, account.applicationUuid, WATCH_DEPOSITS_ACTOR);
  return {
    transactionHash: row.txid,
    address: row.address,
    collateralType: row.collateralType,
    amount: coinText(row.amount),
    confirmations: row.confirmations,
    createdAt: row.createdAt.toISOString(),
  };
}
