/** One loan for the console: the borrower's view of it plus every ledger entry. */
import type { TGetOpsLoanResponse } from '@pledge/contract';
import { asc, eq } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { buildServicingLoan, type TServicingViewDeps } from './get-servicing-loan.js';
import { borrowerEmailOf, loadLoan } from './servicing-record.js';

export async function getOpsLoan(
  deps: TServicingViewDeps & { cipher: TFieldCipher },
  loanUuid: string,
): Promise<TGetOpsLoanResponse> {
  const context = await loadLoan(deps.db, loanUuid);
  const entries = await deps.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.loanUuid, loanUuid))
    .orderBy(asc(ledgerEntries.id));
  return {
    borrowerEmail: borrowerEmailOf(deps.cipher, context),
    loan: await buildServicingLoan(deps, context),
    ledger: entries.map((entry) => ({
      entryId: String(entry.id),
      journalUuid: entry.journalUuid,
      kind: entry.kind,
      account: entry.account,
      amountCents: entry.amountCents,
      effectiveOn: entry.effectiveOn,
      createdAt: entry.createdAt.toISOString(),
      reversesJournalUuid: entry.reversesJournalUuid,
      paymentUuid: entry.paymentUuid,
    })),
  };
}
