/** Opens the bank-link widget for one of the caller's applications. */
import type {
  TBankLinkProvider,
  TPostBankLinkTokenBody,
  TPostBankLinkTokenResponse,
} from '@pledge/contract';
import type { TBankLinkPort } from '../../adapters/bank-link/port.js';
import { findOwnedApplication } from '../applications/application-record.js';
import { assertResidency } from '../disbursement/disbursement-record.js';
import { callProvider } from './provider-errors.js';
import type { TBankLinkDeps } from './bank-link-record.js';

/** The web drives the in-app picker for the sandbox adapter and Plaid Link for any other. */
export function linkProviderOf(bankLink: Pick<TBankLinkPort, 'name'>): TBankLinkProvider {
  return bankLink.name === 'sandbox' ? 'sandbox' : 'plaid';
}

export async function createLinkToken(
  deps: TBankLinkDeps,
  input: { identityUuid: string; body: TPostBankLinkTokenBody },
): Promise<TPostBankLinkTokenResponse> {
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.body.appUuid);
  // International loans are paid in USDC: no bank is linked for them.
  assertResidency(application, 'UNITED_STATES');
  const token = await callProvider(() =>
    deps.bankLink.createLinkToken({ clientUserId: input.identityUuid }),
  );
  return {
    linkToken: token.linkToken,
    expiration: token.expiration.toISOString(),
    provider: linkProviderOf(deps.bankLink),
  };
}
