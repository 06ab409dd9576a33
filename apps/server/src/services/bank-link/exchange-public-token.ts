/**
 * Finishes a link: the widget's public token is traded for an access token (kept sealed) and the
 * item is recorded for the application. The same item linked again answers the stored record.
 */
import type { TPostBankLinkExchangeBody, TPostBankLinkExchangeResponse } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import { bankLinkItems } from '../../db/schema/index.js';
import { findOwnedApplication } from '../applications/application-record.js';
import { assertResidency } from '../disbursement/disbursement-record.js';
import { accessTokenContext, toBankLinkItemView, type TBankLinkDeps } from './bank-link-record.js';
import { callProvider } from './provider-errors.js';

export async function exchangePublicToken(
  deps: TBankLinkDeps,
  input: { identityUuid: string; body: TPostBankLinkExchangeBody },
): Promise<TPostBankLinkExchangeResponse> {
  const { appUuid, publicToken, metadata } = input.body;
  const application = await findOwnedApplication(deps.db, input.identityUuid, appUuid);
  // International loans are paid in USDC: no bank is linked for them.
  assertResidency(application, 'UNITED_STATES');
  const exchanged = await callProvider(() => deps.bankLink.exchangePublicToken(publicToken));
  const item = await callProvider(() => deps.bankLink.getItem(exchanged.accessToken));
  const at = deps.clock();
  await deps.db
    .insert(bankLinkItems)
    .values({
      identityUuid: input.identityUuid,
      applicationUuid: application.uuid,
      providerItemId: exchanged.itemId,
      accessTokenSealed: deps.cipher.encryptText(
        exchanged.accessToken,
        accessTokenContext(input.identityUuid),
      ),
      institutionId: item.institution.institutionId,
      institutionName: item.institution.name || metadata.institution.name,
      status: item.status,
      accounts: item.accounts,
      linkSessionId: metadata.linkSessionId,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select()
    .from(bankLinkItems)
    .where(
      and(
        eq(bankLinkItems.identityUuid, input.identityUuid),
        eq(bankLinkItems.providerItemId, exchanged.itemId),
      ),
    );
  if (row === undefined) throw new Error('The linked item was not recorded');
  return { item: toBankLinkItemView(row) };
}
