/** The account an ACH debit draws on: the loan's payout bank account (linked or typed in). */
import { eq } from 'drizzle-orm';
import type { TDebitAccount } from '../../adapters/bank-payments/port.js';
import type { TDb } from '../../db/pool.js';
import { bankLinkItems, disbursementAccounts } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { accessTokenContext } from '../bank-link/bank-link-record.js';
import { accountNumberContext, holderNameContext } from '../disbursement/disbursement-record.js';

export async function debitAccountOf(
  db: TDb,
  cipher: TFieldCipher,
  loanUuid: string,
): Promise<TDebitAccount | null> {
  const [account] = await db
    .select()
    .from(disbursementAccounts)
    .where(eq(disbursementAccounts.applicationUuid, loanUuid));
  if (account === undefined) return null;
  if (account.bankLinkItemId !== null && account.linkedAccountId !== null) {
    const [item] = await db
      .select()
      .from(bankLinkItems)
      .where(eq(bankLinkItems.id, account.bankLinkItemId));
    if (item === undefined) return null;
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
