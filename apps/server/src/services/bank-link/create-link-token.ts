/** Opens the bank-link widget for one of the caller's applications. */
import type { TPostBankLinkTokenBody, TPostBankLinkTokenResponse } from '@pledge/contract';
import { findOwnedApplication } from '../applications/application-record.js';
import { callProvider } from './provider-errors.js';
import type { TBankLinkDeps } from './bank-link-record.js';

export async function createLinkToken(
  deps: TBankLinkDeps,
  input: { identityUuid: string; body: TPostBankLinkTokenBody },
): Promise<TPostBankLinkTokenResponse> {
  await findOwnedApplication(deps.db, input.identityUuid, input.body.appUuid);
  const token = await callProvider(() =>
    deps.bankLink.createLinkToken({ clientUserId: input.identityUuid }),
  );
  return { linkToken: token.linkToken, expiration: token.expiration.toISOString() };
}
