/**
 * Sandbox only: a simulated deposit to a derived address, put on the sandbox chain and watched at
 * once, so that a demo (or a test) sees the application move without waiting for a poll.
 */
import type {
  TPostSandboxChainDepositBody,
  TPostSandboxChainDepositResponse,
} from '@pledge/contract';
import { sandboxChainTransactions } from '../../db/schema/index.js';
import { completeWaitingRenewalOrRetry } from '../renewal/complete-renewal.js';
import { advanceRefiTopUp } from '../refi/refi-top-up.js';
import { recordSandboxChainMovement, sandboxChainAccount } from './sandbox-chain-record.js';
import { WATCH_DEPOSITS_ACTOR, type TWatchDepositsDeps } from './watch-deposits.js';

export async function recordSandboxDeposit(
  deps: TWatchDepositsDeps,
  body: TPostSandboxChainDepositBody,
): Promise<TPostSandboxChainDepositResponse> {
  const account = await sandboxChainAccount(deps, body.address);
  const recorded = await recordSandboxChainMovement(deps, sandboxChainTransactions, account, body);
  // A renewal's top-up arrives on its loan's address; a failed completion is a retried job, the
  // deposit is answered all the same.
  await completeWaitingRenewalOrRetry(deps, account.applicationUuid, WATCH_DEPOSITS_ACTOR);
  // A refinancing's top-up arrives on its own address.
  await advanceRefiTopUp(deps, account.applicationUuid, WATCH_DEPOSITS_ACTOR);
  return recorded;
}
