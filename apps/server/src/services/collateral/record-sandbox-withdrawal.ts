/**
 * Sandbox only: coins leaving a derived address (what the custody operators' release, or a
 * liquidation sale, does on a real chain), put on the sandbox chain and watched at once, so that
 * the collateral proof shows the movement and the lower balance without waiting for a poll. More
 * than the address's confirmed balance is refused: a chain cannot spend what is not there.
 */
import type {
  TPostSandboxChainWithdrawalBody,
  TPostSandboxChainWithdrawalResponse,
} from '@pledge/contract';
import { toCoinQuantity } from '@pledge/domain';
import { sandboxChainWithdrawals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { coinText } from './collateral-record.js';
import { recordSandboxChainMovement, sandboxChainAccount } from './sandbox-chain-record.js';
import type { TWatchDepositsDeps } from './watch-deposits.js';

export async function recordSandboxWithdrawal(
  deps: TWatchDepositsDeps,
  body: TPostSandboxChainWithdrawalBody,
): Promise<TPostSandboxChainWithdrawalResponse> {
  const account = await sandboxChainAccount(deps, body.address);
  const { coin } = account;
  const state = await deps.chain.readAddress(coin, body.address);
  if (toCoinQuantity(body.amount).gt(toCoinQuantity(state.confirmedBalance))) {
    throw new HttpError(
      409,
      'INSUFFICIENT_BALANCE',
      `The address holds ${coinText(state.confirmedBalance)} ${coin} confirmed; it cannot send ${body.amount}`,
      { amount: [`At most ${coinText(state.confirmedBalance)} ${coin}`] },
    );
  }
  return recordSandboxChainMovement(deps, sandboxChainWithdrawals, account, body);
}
