/**
 * One statement's delivery (a job per statement): its LTV at today's price, the PDF kept in
 * storage with the loan's documents, and the e-mail to the borrower. Once: a delivered statement
 * (with its PDF) is left alone. The PDF shows the period's interest (its accrual journals) and each
 * payment and change of the interest-bearing balance in the period with the balance it left, the
 * days interest ran on (issue 33): every figure a sum of ledger entries.
 */
import {
  cycleDate,
  formatUsd,
  INTEREST_BEARING_ACCOUNTS,
  interestBearingCents,
  RECEIVABLE_ACCOUNTS,
  type TLedgerJournalKind,
} from '@pledge/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
import { borrowerEmailOf, brandOfLoan, loadLoan } from './servicing-record.js';

export interface TDeliverStatementDeps {
  db: TDb;
  cipher: TFieldCipher;
  store: TEncryptedStore;
  prices: TPricesPort;
  sandbox: boolean;
  clock: () => Date;
}

const inList = (accounts: readonly string[]) =>
  sql.raw(`(${accounts.map((account) => `'${account}'`).join(', ')})`);

const ACTIVITY_LABELS: Partial<Record<TLedgerJournalKind, string>> = {
  PAYMENT: 'Payment',
  PAYOFF: 'Payoff',
  PAYMENT_REVERSAL: 'Payment reversed',
  DEFERRAL: 'Interest deferred and capitalised',
  FEE: 'Fee',
  LIQUIDATION: 'Collateral sale applied',
  RENEWAL_CLOSE: 'Settled by the renewal',
};

/**
 * The period's interest and its activity, from the ledger: the accrual journals of the period, and
 * every other journal dated in it (from the period's start to the day before the cycle date, the
 * days whose interest the period bears) with what it moved of the balance and the
 * interest-bearing balance after it (the running sum of the loan's interest-bearing entries).
 */
export async function statementActivity(
  db: TDb,
  input: { loanUuid: string; periodNumber: number; periodStart: string; cycleDate: string },
): Promise<{ interestCents: number; lines: string[] }> {
  const result = await db.execute<{
    kind: TLedgerJournalKind;
    effective_on: string;
    owed_change: string;
    bearing_after: string;
    period_number: number | null;
  }>(sql`
    WITH journals AS (
      SELECT journal_uuid, min(id) AS first_id, min(kind) AS kind,
        min(effective_on)::text AS effective_on, min(period_number) AS period_number,
        coalesce(sum(amount_cents) FILTER (WHERE account IN ${inList(RECEIVABLE_ACCOUNTS)}), 0) AS owed_change,
        coalesce(sum(amount_cents) FILTER (WHERE account IN ${inList(INTEREST_BEARING_ACCOUNTS)}), 0) AS bearing_change
      FROM ledger_entries WHERE loan_uuid = ${input.loanUuid}::uuid
      GROUP BY journal_uuid
    )
    SELECT kind, effective_on, owed_change::text, period_number,
      (sum(bearing_change) OVER (ORDER BY first_id))::text AS bearing_after
    FROM journals ORDER BY first_id`);
  let interestCents = 0;
  const lines: string[] = [];
  for (const row of result.rows) {
    if (row.kind === 'INTEREST_ACCRUAL') {
      if (Number(row.period_number) === input.periodNumber)
        interestCents += Number(row.owed_change);
      continue;
    }
    if (row.effective_on < input.periodStart || row.effective_on >= input.cycleDate) continue;
    const label = ACTIVITY_LABELS[row.kind];
    if (label === undefined) continue;
    lines.push(
      `${row.effective_on}: ${label} ${formatUsd(Math.abs(Number(row.owed_change)))}; interest-bearing balance ${formatUsd(Number(row.bearing_after))} from that day.`,
    );
  }
  return { interestCents, lines };
}

/**
 * What the statement asks: arrears apart, with their own date (issue 33: a statement never moves
 * an unpaid instalment to its new due date), then this statement's own payment and the whole.
 */
export function amountDueParagraphs(statement: {
  amountDueCents: number;
  pastDueCents: number;
  pastDueSince: string | null;
  dueDate: string;
}): string[] {
  if (statement.pastDueCents <= 0) {
    return [`Amount due: ${formatUsd(statement.amountDueCents)}. Due date: ${statement.dueDate}.`];
  }
  const since = statement.pastDueSince === null ? '' : `, due since ${statement.pastDueSince}`;
  return [
    `Past due: ${formatUsd(statement.pastDueCents)}${since}: please pay it now.`,
    `This statement's payment: ${formatUsd(statement.amountDueCents - statement.pastDueCents)}, due ${statement.dueDate}.`,
    `Amount due in all: ${formatUsd(statement.amountDueCents)}.`,
  ];
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
  const periodStart = cycleDate(context.loan.fundedOn, statement.periodNumber - 1);
  const activity = await statementActivity(deps.db, {
    loanUuid: statement.loanUuid,
    periodNumber: statement.periodNumber,
    periodStart,
    cycleDate: statement.cycleDate,
  });
  const key = statementStorageKey(statement.uuid);
  const pdf = await renderDisclosurePdf(
    {
      name: `Loan statement ${statement.cycleDate}`,
      description: `Monthly statement for the period ending ${statement.cycleDate}`,
      fileName: `statement-${statement.cycleDate}.pdf`,
      paragraphs: [
        `${brand.companyName} · Loan ${statement.loanUuid}`,
        statement.periodNumber <= context.loan.termMonths
          ? `Statement date: ${statement.cycleDate}. Payment ${statement.periodNumber} of ${context.loan.termMonths}.`
          : `Statement date: ${statement.cycleDate}. The loan matured on ${context.loan.maturityDate} and is not repaid: the whole balance is due, and interest accrues on it at the loan's rate until it is repaid.`,
        ...amountDueParagraphs(statement),
        `Balance: ${formatUsd(statement.balanceCents)}, of which accrued interest ${formatUsd(statement.accruedInterestCents)}.`,
        `Loan-to-value: ${ltvPct === null ? 'unavailable' : `${ltvPct}%`}.`,
        `Interest this period (${periodStart} to ${statement.cycleDate}): ${formatUsd(activity.interestCents)}, accrued daily on each day's interest-bearing balance.`,
        ...(activity.lines.length === 0
          ? ['No payments or balance changes this period.']
          : ['Payments and balance changes this period:', ...activity.lines]),
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
        to: borrowerEmailOf(deps.cipher, context),
        brand,
        cycleDate: statement.cycleDate,
        dueDate: statement.dueDate,
        amountDueCents: statement.amountDueCents,
        pastDue: { cents: statement.pastDueCents, since: statement.pastDueSince },
        balanceCents: statement.balanceCents,
        accruedInterestCents: statement.accruedInterestCents,
        ltvPct,
      }),
    );
  });
}
