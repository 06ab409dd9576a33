/**
 * The accounts a borrower can choose for the payout after linking banks (document 1 §4, Bank
 * linking): only COMPLETE institutions, merged per institution, each account once, sorted by name;
 * only personal checking or savings accounts can receive the loan.
 */
import { BANK_ACCOUNT_TYPES, type TBankAccountType, type TBankLinkStatus } from './enums.js';
import { compareByName } from './words.js';

export interface TLinkedAccountLike {
  id: string;
  name: string;
  /** The bank's subtype in lower case (`checking`, `savings`). */
  accountType: string;
  accountNumberMask: string;
  holderCategory: 'PERSONAL' | 'BUSINESS';
}

export interface TLinkedItemLike<TAccount extends TLinkedAccountLike> {
  institution: { institutionId: string; name: string };
  status: TBankLinkStatus;
  accounts: readonly TAccount[];
}

export interface TLinkedInstitution<TAccount extends TLinkedAccountLike> {
  institution: { institutionId: string; name: string };
  /** The accounts that can receive the loan, sorted by name. */
  accounts: TAccount[];
}

export interface TEligibleLinkedAccounts<TAccount extends TLinkedAccountLike> {
  /** Institutions with at least one eligible account, sorted by name. */
  institutions: TLinkedInstitution<TAccount>[];
  /** Accounts of COMPLETE institutions that cannot receive the loan (business, or not checking/savings). */
  ineligibleCount: number;
}

/** The auth list is polled while any linked institution is still PENDING. */
export function isAnyBankLinkPending(items: readonly { status: TBankLinkStatus }[]): boolean {
  return items.some((item) => item.status === 'PENDING');
}

/** The disbursement call's account type (upper-cased), or null for a subtype that cannot receive it. */
export function disbursementAccountTypeOf(accountType: string): TBankAccountType | null {
  const upper = accountType.trim().toUpperCase();
  return (BANK_ACCOUNT_TYPES as readonly string[]).includes(upper)
    ? (upper as TBankAccountType)
    : null;
}

export function isEligibleLinkedAccount(account: TLinkedAccountLike): boolean {
  return (
    account.holderCategory === 'PERSONAL' && disbursementAccountTypeOf(account.accountType) !== null
  );
}

/** The same account linked twice (a bank linked again) has new ids but the same name, type and mask. */
function accountKey(account: TLinkedAccountLike): string {
  return [account.name, account.accountType.toLowerCase(), account.accountNumberMask].join(
    '\u0000',
  );
}

export function eligibleLinkedAccounts<TAccount extends TLinkedAccountLike>(
  items: readonly TLinkedItemLike<TAccount>[],
): TEligibleLinkedAccounts<TAccount> {
  const merged = new Map<string, { name: string; institutionId: string; accounts: TAccount[] }>();
  const seen = new Set<string>();
  let ineligibleCount = 0;
  for (const item of items) {
    if (item.status !== 'COMPLETE') continue;
    const { institutionId, name } = item.institution;
    const entry = merged.get(institutionId) ?? { institutionId, name, accounts: [] };
    merged.set(institutionId, entry);
    for (const account of item.accounts) {
      const key = `${institutionId}\u0000${accountKey(account)}`;
      if (seen.has(key) || seen.has(`id\u0000${account.id}`)) continue;
      seen.add(key);
      seen.add(`id\u0000${account.id}`);
      if (isEligibleLinkedAccount(account)) entry.accounts.push(account);
      else ineligibleCount += 1;
    }
  }
  const institutions = [...merged.values()]
    .filter((entry) => entry.accounts.length > 0)
    .sort(compareByName)
    .map(({ institutionId, name, accounts }) => ({
      institution: { institutionId, name },
      accounts: [...accounts].sort(compareByName),
    }));
  return { institutions, ineligibleCount };
}
