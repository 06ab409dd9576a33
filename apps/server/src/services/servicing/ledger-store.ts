/**
 * Writing and reading a loan's ledger. Journals are appended, never changed: a correction is a
 * reversing journal. A balance is the sum of its account's entries, read from the row
 * ledger_account_balances keeps of it (a trigger adds every entry to it in the statement that
 * appends it; the reconciliation report and the model-based test check it against the entries).
 */
import { randomUUID } from 'node:crypto';
import {
  assertBalancedJournal,
  balancesFromAccountSums,
  type TBalances,
  type TJournal,
  type TLedgerAccount,
} from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { ledgerAccountBalances, ledgerEntries } from '../../db/schema/index.js';

export interface TPostJournalInput {
  loanUuid: string;
  journal: TJournal;
  effectiveOn: string;
  paymentUuid?: string | null;
  periodNumber?: number | null;
  reversesJournalUuid?: string | null;
  /** The journal's uuid when the caller names it (a retry finds it again); a new one otherwise. */
  journalUuid?: string;
}

/** Appends a balanced journal; answers its uuid. */
export async function postJournal(tx: TDb, input: TPostJournalInput): Promise<string> {
  assertBalancedJournal(input.journal);
  const journalUuid = input.journalUuid ?? randomUUID();
  await tx.insert(ledgerEntries).values(
    input.journal.legs.map((leg) => ({
      journalUuid,
      loanUuid: input.loanUuid,
      kind: input.journal.kind,
      account: leg.account,
      amountCents: leg.amountCents,
      effectiveOn: input.effectiveOn,
      paymentUuid: input.paymentUuid ?? null,
      periodNumber: input.periodNumber ?? null,
      reversesJournalUuid: input.reversesJournalUuid ?? null,
    })),
  );
  return journalUuid;
}

/** The loan's balances: the sums of its entries per receivable account. */
export async function balancesOf(db: TDb, loanUuid: string): Promise<TBalances> {
  const rows = await db
    .select({ account: ledgerAccountBalances.account, cents: ledgerAccountBalances.cents })
    .from(ledgerAccountBalances)
    .where(eq(ledgerAccountBalances.loanUuid, loanUuid));
  const sums: Partial<Record<TLedgerAccount, number>> = {};
  for (const row of rows) sums[row.account] = row.cents;
  return balancesFromAccountSums(sums);
}

/** The legs of one journal of a loan. */
export async function journalLegs(db: TDb, loanUuid: string, journalUuid: string) {
  return db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanUuid, loanUuid), eq(ledgerEntries.journalUuid, journalUuid)));
}
