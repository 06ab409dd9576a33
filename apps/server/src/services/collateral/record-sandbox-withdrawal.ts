/**
 * Sandbox only: coins leaving a derived address (what the custody operators' release, or a
 * liquidation sale, does on a real chain), put on the sandbox chain and watched at once, so that
 * the collateral proof shows the movement and the lower balance without waiting for a poll. More
 * than the address's confirmed balance is refused: a chain cannot spend what is not there.
 */
import { randomBytes } from 'node:crypto';
import type {
  TPostSandboxChainWithdrawalBody,
  TPostSandboxChainWithdrawalResponse,
} from '@pledge/contract';
import { toCoinQuantity } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { isChainCoin } from '../../adapters/chain/port.js';
import { collateralAccounts, sandboxChainWithdrawals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { coinText } from './collateral-record.js';
import { watchApplicationDeposits, type TWatchDepositsDeps } from './watch-deposits.js';

export async function recordSandboxWithdrawal(
  deps: TWatchDepositsDeps,
  body: TPostSandboxChainWithdrawalBody,
): Promise<TPostSandboxChainWithdrawalResponse> {
  const [account] = await deps.db
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.depositAddress, body.address));
  if (account === undefined || !isChainCoin(account.collateralType)) {
    throw new HttpError(404, 'ADDRESS_NOT_FOUND', 'No deposit address like this was derived');
  }
  const coin = account.collateralType;
  const state = await deps.chain.readAddress(coin, body.address);
  if (toCoinQuantity(body.amount).gt(toCoinQuantity(state.confirmedBalance))) {
    throw new HttpError(
      409,
      'INSUFFICIENT_BALANCE',
      `The address holds ${coinText(state.confirmedBalance)} ${coin} confirmed; it cannot send ${body.amount}`,
      { amount: [`At most ${coinText(state.confirmedBalance)} ${coin}`] },
    );
  }
  const hash = randomBytes(32).toString('hex');
  const [row] = await deps.db
    .insert(sandboxChainWithdrawals)
    .values({
      txid: coin === 'ETH' ? `0x${hash}` : hash,
      address: body.address,
      collateralType: coin,
      amount: body.amount,
      confirmations: body.confirmations ?? deps.chain.requiredConfirmations(coin),
      createdAt: deps.clock(),
    })
    .returning();
  if (row === undefined) throw new Error('The sandbox withdrawal was not recorded');
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
