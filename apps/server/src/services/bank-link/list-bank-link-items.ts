/**
 * The auth list the web polls every BANK_LINK_POLL_MS (document 1 §4): the caller's linked items of
 * an application, each refreshed from the provider while it is not COMPLETE yet.
 */
import type { TGetBankLinkAuthResponse } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { bankLinkItems } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { BankLinkUnavailableError } from '../../adapters/bank-link/port.js';
import { findOwnedApplication } from '../applications/application-record.js';
import {
  accessTokenContext,
  bankLinkItemsOf,
  toBankLinkItemView,
  type TBankLinkDeps,
  type TBankLinkItemRow,
} from './bank-link-record.js';
import { ACCOUNTS_UNAVAILABLE } from './provider-errors.js';

/** Final as far as polling goes: nothing changes without the borrower linking again. */
const SETTLED_STATUSES = new Set<TBankLinkItemRow['status']>(['COMPLETE', 'FAILED_NO_RETRY']);

async function refreshed(deps: TBankLinkDeps, row: TBankLinkItemRow): Promise<TBankLinkItemRow> {
  if (SETTLED_STATUSES.has(row.status)) return row;
  let item;
  try {
    const accessToken = deps.cipher.decryptText(
      row.accessTokenSealed,
      accessTokenContext(row.identityUuid),
    );
    item = await deps.bankLink.getItem(accessToken);
  } catch (error) {
    if (error instanceof BankLinkUnavailableError) {
      throw new HttpError(503, 'BANK_LINK_UNAVAILABLE', ACCOUNTS_UNAVAILABLE);
    }
    // The provider no longer accepts the item (or its token cannot be read after a key change):
    // the borrower has to link it again.
    return { ...row, status: 'FAILED' };
  }
  if (item.status === row.status && item.accounts.length === row.accounts.length) return row;
  const [updated] = await deps.db
    .update(bankLinkItems)
    .set({ status: item.status, accounts: item.accounts, updatedAt: deps.clock() })
    .where(eq(bankLinkItems.id, row.id))
    .returning();
  return updated ?? row;
}

export async function listBankLinkItems(
  deps: TBankLinkDeps,
  input: { identityUuid: string; appUuid: string },
): Promise<TGetBankLinkAuthResponse> {
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  const rows = await bankLinkItemsOf(deps.db, input.identityUuid, application.uuid);
  const items = await Promise.all(rows.map((row) => refreshed(deps, row)));
  return { items: items.map(toBankLinkItemView) };
}
