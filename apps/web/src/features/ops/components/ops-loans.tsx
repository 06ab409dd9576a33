import type { TOpsLoanSummary } from '@pledge/contract';
import { formatUsd, LOAN_STATUSES } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { displayDate } from '../../loan/loan-dates.js';
import { LOAN_STATUS_WORDS } from '../../loan/loan-view.js';
import { useOpsLoans } from '../api/ops-loans.js';
import { OpsLoanLink } from './ops-links.js';
import { OpsPage } from './ops-page.js';
import { OpsList, selectFilter, useOpsList, type TOpsFilter } from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

const STATUS_FILTER = selectFilter({
  name: 'status',
  label: 'Status',
  allLabel: 'All statuses',
  values: LOAN_STATUSES,
  words: LOAN_STATUS_WORDS,
});

const FILTERS: readonly TOpsFilter[] = [
  STATUS_FILTER,
  {
    kind: 'search',
    name: 'search',
    label: 'Search',
    description: 'A loan id, or the borrower’s whole e-mail address (exact match)',
  },
];

const COLUMNS: readonly TOpsColumn<TOpsLoanSummary>[] = [
  {
    header: 'Loan',
    cell: (loan) => <OpsLoanLink loanUuid={loan.loanUuid} />,
  },
  { header: 'Borrower', cellClassName: 'ops-break', cell: (loan) => loan.borrowerEmail },
  { header: 'Status', cell: (loan) => <span className="ops-state">{loan.status}</span> },
  { header: 'Balance', cell: (loan) => formatUsd(loan.totalBalanceCents) },
  { header: 'Accrued interest', cell: (loan) => formatUsd(loan.accruedInterestCents) },
  { header: 'Autopay', cell: (loan) => (loan.autopayEnabled ? 'On' : 'Off') },
  { header: 'Funded', cell: (loan) => displayDate(loan.fundedOn) },
  { header: 'Matures', cell: (loan) => displayDate(loan.maturityDate) },
];

/**
 * The console's funded loans: one status or all, a search by loan id or the start of the
 * borrower's e-mail, newest first, a page at a time. The filter lives in the address.
 */
export function OpsLoans() {
  const list = useOpsList(FILTERS, { isInAddress: true });
  const query = useOpsLoans({
    status: list.chosen(STATUS_FILTER),
    search: list.values.search,
    cursor: list.cursor,
  });

  return (
    <OpsPage
      heading="Loans"
      back={[
        { href: paths.ops.getHref(), label: 'All applications' },
        { href: paths.opsReconciliation.getHref(), label: 'Reconciliation' },
      ]}
    >
      <OpsList
        list={list}
        query={query}
        loadingText="Loading loans…"
        errorTitle="The loans could not be loaded"
        items={query.data?.items}
        nextCursor={query.data?.nextCursor}
        caption="Loans, newest first"
        columns={COLUMNS}
        rowKey={(loan) => loan.loanUuid}
        emptyText={
          list.isFiltered
            ? 'No loans match this status and search.'
            : 'There are no funded loans yet.'
        }
      />
    </OpsPage>
  );
}
