/**
 * The USDC wallet an international loan is paid to (document 1 §5). The contract has already
 * checked the address for the chosen chain, or for at least one supported chain; the chain is kept
 * when the borrower named it or when the address fits only one.
 */
import type { TDisbursement, TPostWalletAddressBody } from '@pledge/contract';
import { usdcChainsForAddress } from '@pledge/domain';
import { assertResidency, saveDestination, type TDisbursementDeps } from './disbursement-record.js';

export async function saveWalletAddress(
  deps: TDisbursementDeps,
  input: { identityUuid: string; appUuid: string; body: TPostWalletAddressBody },
): Promise<TDisbursement> {
  const { address } = input.body;
  const chains = usdcChainsForAddress(address);
  const chain = input.body.chain ?? (chains.length === 1 ? (chains[0] ?? null) : null);
  return saveDestination(deps, {
    identityUuid: input.identityUuid,
    appUuid: input.appUuid,
    submission: JSON.stringify(['USDC_WALLET', address, chain]),
    check: async (application) => {
      assertResidency(application, 'INTERNATIONAL');
      return { method: 'USDC_WALLET', walletAddress: address, chain };
    },
  });
}
