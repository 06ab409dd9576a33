/** Linked bank items as stored and as the API shows them (document 1 §3: the Bank link item). */
import type { TBankLinkItem } from '@pledge/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { bankLinkItems } from '../../db/schema/index.js';
import type { TBankLinkPort } from '../../adapters/bank-link/port.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';

export type TBankLinkItemRow = typeof bankLinkItems.$inferSelect;

export interface TBankLinkDeps {
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
  bankLink: TBankLinkPort;
}

export const accessTokenContext = (identityUuid: string) =>
  `bank_link_items.access_token:${identityUuid}`;

export function toBankLinkItemView(row: TBankLinkItemRow): TBankLinkItem {
  return {
    itemId: row.id,
    institution: { institutionId: row.institutionId, name: row.institutionName },
    status: row.status,
    accounts: row.accounts.map((account) => ({ ...account })),
  };
}

/** The items a borrower linked for an application, oldest first. */
export async function bankLinkItemsOf(
  db: TDb,
  identityUuid: string,
  appUuid: string,
): Promise<TBankLinkItemRow[]> {
  return db
    .select()
    .from(bankLinkItems)
    .where(
      and(eq(bankLinkItems.identityUuid, identityUuid), eq(bankLinkItems.applicationUuid, appUuid)),
    )
    .orderBy(asc(bankLinkItems.createdAt));
}
