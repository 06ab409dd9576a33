import type { Key, ReactNode } from 'react';
import type { TLiquidation, TServicingLoan, TStatementSummary } from '@pledge/contract';
import { formatUsd } from '@pledge/domain';
import { DataTable } from '../../../ui/data-table/data-table.js';
import { downloadLiquidationStatement, downloadStatement } from '../api/download-statement.js';
import { displayDate } from '../loan-dates.js';
import { scheduleStatusWords, statementDueWords } from '../due-words.js';
import { PAYMENT_STATUS_WORDS, paymentDescription } from '../loan-view.js';
import { LoanSection } from './loan-facts.js';
import { PdfDownload } from './pdf-download.js';

interface TColumn {
  header: string;
  isAmount?: boolean;
}

/** A table that becomes labelled cards on phones; a sentence when there is nothing to list. */
function LoanTable({
  caption,
  columns,
  rows,
  emptyText,
}: {
  caption: string;
  columns: readonly TColumn[];
  rows: readonly { key: Key; cells: readonly ReactNode[] }[];
  emptyText: string;
}) {
  return (
    <DataTable
      kind="loan-table"
      caption={caption}
      columns={columns.map((column, index) => ({
        header: column.header,
        cellClassName: column.isAmount === true ? 'loan-table__amount' : undefined,
        cell: (row: { cells: readonly ReactNode[] }) => row.cells[index],
      }))}
      items={rows}
      rowKey={(row) => row.key}
      emptyText={emptyText}
    />
  );
}

/** The 12 monthly payments: interest-only, the principal with the last one. */
export function ScheduleSection({ loan }: { loan: TServicingLoan }) {
  return (
    <LoanSection id="schedule" title="Payment schedule">
      <LoanTable
        caption="Payment schedule, by due date"
        columns={[
          { header: 'Payment' },
          { header: 'Due on' },
          { header: 'Interest', isAmount: true },
          { header: 'Principal', isAmount: true },
          { header: 'Amount', isAmount: true },
          { header: 'Status' },
        ]}
        rows={loan.schedule.map((row) => ({
          key: row.number,
          cells: [
            row.number,
            displayDate(row.dueDate),
            formatUsd(row.interestCents),
            formatUsd(row.principalCents),
            formatUsd(row.amountCents),
            scheduleStatusWords(row),
          ],
        }))}
        emptyText="No payments are scheduled."
      />
    </LoanSection>
  );
}

/** Every payment made, newest first as the server lists them. */
export function PaymentHistorySection({ loan }: { loan: TServicingLoan }) {
  return (
    <LoanSection id="payments" title="Payment history">
      <LoanTable
        caption="Payments made"
        columns={[
          { header: 'Date' },
          { header: 'Payment' },
          { header: 'Amount', isAmount: true },
          { header: 'Status' },
        ]}
        rows={loan.payments.map((payment) => ({
          key: payment.paymentUuid,
          cells: [
            displayDate(payment.createdAt),
            paymentDescription(payment),
            formatUsd(payment.amountCents),
            payment.failureReason === null
              ? PAYMENT_STATUS_WORDS[payment.status]
              : `${PAYMENT_STATUS_WORDS[payment.status]}: ${payment.failureReason}`,
          ],
        }))}
        emptyText="No payments yet."
      />
    </LoanSection>
  );
}

/** One statement of the list: its name, a line about it, and its PDF. */
function StatementLine({
  name,
  about,
  children,
}: {
  name: string;
  about: string;
  children: ReactNode;
}) {
  return (
    <li>
      <span className="loan-statements__name">
        <strong>{name}</strong>
        <br />
        {about}
      </span>
      {children}
    </li>
  );
}

function StatementItem({
  loanUuid,
  statement,
}: {
  loanUuid: string;
  statement: TStatementSummary;
}) {
  return (
    <StatementLine
      name={`Statement of ${displayDate(statement.cycleDate)}`}
      about={statementDueWords(statement)}
    >
      <PdfDownload
        documentName={`statement of ${displayDate(statement.cycleDate)}`}
        download={() => downloadStatement(loanUuid, statement)}
      />
    </StatementLine>
  );
}

/** The day a liquidation sold, in words ("Feb 12, 2025"). */
function liquidationDay(liquidation: TLiquidation): string {
  return displayDate(liquidation.fill?.executedAt ?? liquidation.createdAt);
}

/** The statement of a liquidation: what was sold, at what price, and why. */
export function LiquidationStatementDownload({
  loanUuid,
  liquidation,
}: {
  loanUuid: string;
  liquidation: TLiquidation;
}) {
  return (
    <PdfDownload
      documentName={`liquidation statement of ${liquidationDay(liquidation)}`}
      download={() => downloadLiquidationStatement(loanUuid, liquidation)}
    />
  );
}

/** The monthly statements and the statements of liquidations, each a PDF to download. */
export function StatementsSection({ loan }: { loan: TServicingLoan }) {
  const sold = loan.liquidations.filter((liquidation) => liquidation.statementReady);
  return (
    <LoanSection id="statements" title="Statements">
      {loan.statements.length === 0 && (
        <p>Your first statement comes a month after your loan was funded.</p>
      )}
      {(loan.statements.length > 0 || sold.length > 0) && (
        <ul className="loan-statements">
          {sold.map((liquidation) => (
            <StatementLine
              key={liquidation.liquidationUuid}
              name={`Liquidation statement of ${liquidationDay(liquidation)}`}
              about="What was sold, at what price, and why"
            >
              <LiquidationStatementDownload loanUuid={loan.loanUuid} liquidation={liquidation} />
            </StatementLine>
          ))}
          {loan.statements.map((statement) => (
            <StatementItem
              key={statement.statementUuid}
              loanUuid={loan.loanUuid}
              statement={statement}
            />
          ))}
        </ul>
      )}
    </LoanSection>
  );
}
