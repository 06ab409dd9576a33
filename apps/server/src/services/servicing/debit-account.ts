/** The account an ACH debit draws on: the loan's payout bank account (linked or typed in). */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { TDebitAccount } from '../../adapters/bank-payments/port.js';
import type { TDb } from '../../db/pool.js';
import { bankLinkItems, disbursementAccounts } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { accessTokenContext } from '../bank-link/bank-link-record.js';
import { accountNumberContext, holderNameContext } from '../disbursement/disbursement-record.js';

/** What a debit needs of the loan's payout account and of its bank link, as stored (sealed). */
export interface TDebitAccountSource {
  routingNumber: string | null;
  accountNumberSealed: string | null;
  accountHolderNameSealed: string | null;
  bankLinkItemId: string | null;
  linkedAccountId: string | null;
  /** The bank link item the account names; null when it names none or it is gone. */
  item: { accessTokenSealed: string; identityUuid: string } | null;
}

/** The debit account of a stored payout account; null when it cannot be debited. */
export function debitAccountFrom(
  cipher: TFieldCipher,
  loanUuid: string,
  account: TDebitAccountSource | null,
): TDebitAccount | null {
  if (account === null) return null;
  if (account.bankLinkItemId !== null && account.linkedAccountId !== null) {
    const { item } = account;
    if (item === null) return null;
    return {
      kind: 'LINKED',
      accessToken: cipher.decryptText(
        item.accessTokenSealed,
        accessTokenContext(item.identityUuid),
      ),
      accountId: account.linkedAccountId,
    };
  }
  if (account.routingNumber === null || account.accountNumberSealed === null) return null;
  return {
    kind: 'MANUAL',
    routingNumber: account.routingNumber,
    accountNumber: cipher.decryptText(account.accountNumberSealed, accountNumberContext(loanUuid)),
    holderName:
      account.accountHolderNameSealed === null
        ? ''
        : cipher.decryptText(account.accountHolderNameSealed, holderNameContext(loanUuid)),
  };
}

/**
 * Whether a stored payout account can be debited, in SQL (`account` the disbursement_accounts
 * row's alias, `item` its bank link item's, left-joined): the condition under which
 * debitAccountFrom answers an account, for a statement that writes a payment only when it can
 * be debited.
 */
export function isDebitableSql(account: string, item: string): SQL {
  const a = sql.raw(account);
  const b = sql.raw(item);
  return sql`CASE WHEN ${a}.bank_link_item_id IS NOT NULL AND ${a}.linked_account_id IS NOT NULL
      THEN ${b}.access_token_sealed IS NOT NULL AND ${b}.identity_uuid IS NOT NULL
      ELSE ${a}.routing_number IS NOT NULL AND ${a}.account_number_sealed IS NOT NULL END`;
}

/** The loan's debit account, read with its bank link in one statement. */
export async function debitAccountOf(
  db: TDb,
  cipher: TFieldCipher,
  loanUuid: string,
): Promise<TDebitAccount | null> {
  const [row] = await db
    .select({
      routingNumber: disbursementAccounts.routingNumber,
      accountNumberSealed: disbursementAccounts.accountNumberSealed,
      accountHolderNameSealed: disbursementAccounts.accountHolderNameSealed,
      bankLinkItemId: disbursementAccounts.bankLinkItemId,
      linkedAccountId: disbursementAccounts.linkedAccountId,
      accessTokenSealed: bankLinkItems.accessTokenSealed,
      itemIdentityUuid: bankLinkItems.identityUuid,
    })
    .from(disbursementAccounts)
    .leftJoin(bankLinkItems, eq(bankLinkItems.id, disbursementAccounts.bankLinkItemId))
    .where(eq(disbursementAccounts.applicationUuid, loanUuid));
  if (row === undefined) return null;
  const { accessTokenSealed, itemIdentityUuid, ...account } = row;
  return debitAccountFrom(cipher, loanUuid, {
    ...account,
    item:
      accessTokenSealed === null || itemIdentityUuid === null
        ? null
        : { accessTokenSealed, identityUuid: itemIdentityUuid },
  });
}
