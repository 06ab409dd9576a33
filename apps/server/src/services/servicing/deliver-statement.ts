/**
 * One statement's delivery (a job per statement): its LTV at today's price, the PDF kept in
 * storage with the loan's documents, and the e-mail to the borrower. Once: a delivered statement
 * (with its PDF) is left alone.
 */
import { formatUsd, interestBearingCents } from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import { servicingStatements } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { renderDisclosurePdf } from '../disclosures/render-disclosure-pdf.js';
import { queueEmail } from '../email/queue-email.js';
import { balancesOf } from './ledger-store.js';
import { collateralTypeOf, ltvOf, priceCentsOf } from './loan-ltv.js';
import { statementMessage } from './servicing-messages.js';
import { brandOfLoan, loadLoan } from './servicing-record.js';

export interface TDeliverStatementDeps {
  db: TDb;
  cipher: TFieldCipher;
  store: TEncryptedStore;
  prices: TPricesPort;
  sandbox: boolean;
  clock: () => Date;
}

/** Statements are kept under their own uuid in the `loan-statements` area. */
export const statementStorageKey = (statementUuid: string) => `loan-statements/${statementUuid}`;

export async function deliverStatement(
  deps: TDeliverStatementDeps,
  statementUuid: string,
): Promise<void> {
  const [statement] = await deps.db
    .select()
    .from(servicingStatements)
    .where(eq(servicingStatements.uuid, statementUuid));
  if (statement === undefined || statement.pdfKey !== null) return;
  const context = await loadLoan(deps.db, statement.loanUuid);
  const brand = brandOfLoan(context, deps.sandbox);
  const balances = await balancesOf(deps.db, statement.loanUuid);
  const price = await priceCentsOf(deps.prices, collateralTypeOf(context));
  const ltv = ltvOf(context, interestBearingCents(balances), price);
  const ltvPct = ltv === null ? null : ltv.toFixed(2);
  const key = statementStorageKey(statement.uuid);
  const pdf = await renderDisclosurePdf(
    {
      name: `Loan statement ${statement.cycleDate}`,
      description: `Monthly statement for the period ending ${statement.cycleDate}`,
      fileName: `statement-${statement.cycleDate}.pdf`,
      paragraphs: [
        `${brand.companyName} · Loan ${statement.loanUuid}`,
        `Statement date: ${statement.cycleDate}. Payment ${statement.periodNumber} of ${context.loan.termMonths}.`,
        `Amount due: ${formatUsd(statement.amountDueCents)}. Due date: ${statement.dueDate}.`,
        `Balance: ${formatUsd(statement.balanceCents)}, of which accrued interest ${formatUsd(statement.accruedInterestCents)}.`,
        `Loan-to-value: ${ltvPct === null ? 'unavailable' : `${ltvPct}%`}.`,
        `Interest accrues daily at ${context.offer.interestRatePct}% a year (30/360). There is no prepayment penalty. The loan matures on ${context.loan.maturityDate}.`,
      ],
    },
    { author: brand.companyName, createdAt: deps.clock() },
  );
  await deps.store.put(key, pdf);
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(servicingStatements)
      .set({ pdfKey: key, ltvPct })
      .where(and(eq(servicingStatements.uuid, statement.uuid), isNull(servicingStatements.pdfKey)))
      .returning({ uuid: servicingStatements.uuid });
    if (claimed === undefined) return;
    await queueEmail(
      tx,
      deps,
      'loan-statement',
      statementMessage({
        to: context.borrowerEmail,
        brand,
        cycleDate: statement.cycleDate,
        dueDate: statement.dueDate,
        amountDueCents: statement.amountDueCents,
        balanceCents: statement.balanceCents,
        accruedInterestCents: statement.accruedInterestCents,
        ltvPct,
      }),
    );
  });
}
