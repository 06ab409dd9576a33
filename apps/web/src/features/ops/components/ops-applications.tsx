import { APPLICATION_STATES, LOAN_KINDS, type TLoanKind } from '@pledge/domain';
import type { TOpsApplicationSummary } from '@pledge/contract';
import { formatDollars } from '../../offer/format.js';
import { useOpsApplications } from '../api/get-ops-applications.js';
import { formatDateTime } from '../format.js';
import { OpsApplicationLink } from './ops-links.js';
import { OpsList, selectFilter, useOpsList, type TOpsFilter } from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

const KIND_WORDS: Readonly<Record<TLoanKind, string>> = {
  NEW_LOAN: 'New loan',
  RENEWAL: 'Renewal',
  REFINANCE: 'Refinancing',
};

function kindOf(item: { isRollForward: boolean; isCelsiusRefi: boolean }): TLoanKind {
  if (item.isCelsiusRefi) return 'REFINANCE';
  return item.isRollForward ? 'RENEWAL' : 'NEW_LOAN';
}

const STATE_FILTER = selectFilter({
  name: 'state',
  label: 'State',
  allLabel: 'All states',
  values: APPLICATION_STATES,
});
const KIND_FILTER = selectFilter({
  name: 'kind',
  label: 'Kind',
  allLabel: 'All kinds',
  values: LOAN_KINDS,
  words: KIND_WORDS,
});

const FILTERS: readonly TOpsFilter[] = [
  STATE_FILTER,
  KIND_FILTER,
  {
    kind: 'search',
    name: 'search',
    label: 'Search',
    description:
      'An application id (or its start), or the borrower’s whole e-mail address (exact match)',
  },
];

const COLUMNS: readonly TOpsColumn<TOpsApplicationSummary>[] = [
  {
    header: 'Application',
    cell: (item) => <OpsApplicationLink appUuid={item.appUuid} />,
  },
  {
    header: 'Borrower',
    cell: (item) => (
      <>
        <span className="ops-table__email">{item.borrowerEmail}</span>
        {item.borrowerName !== null && <span className="ops-table__name">{item.borrowerName}</span>}
      </>
    ),
  },
  { header: 'Kind', cell: (item) => KIND_WORDS[kindOf(item)] },
  { header: 'State', cell: (item) => <span className="ops-state">{item.state}</span> },
  {
    header: 'Amount',
    cell: (item) => (item.loanAmount === null ? '—' : formatDollars(item.loanAmount)),
  },
  { header: 'Created', cell: (item) => formatDateTime(item.createdAt) },
  { header: 'Updated', cell: (item) => formatDateTime(item.updatedAt) },
];

/**
 * The console's application list: one state or all, a search by application id or by the start
 * of the borrower's e-mail (as the server matches), newest first, a page at a time. The filter
 * lives in the address, so a detail page's "back" returns to the same list.
 */
export function OpsApplications() {
  const list = useOpsList(FILTERS, { isInAddress: true });
  const query = useOpsApplications({
    state: list.chosen(STATE_FILTER),
    kind: list.chosen(KIND_FILTER),
    search: list.values.search,
    cursor: list.cursor,
  });

  return (
    <section className="ops-applications" aria-labelledby="ops-applications-title">
      <h2 id="ops-applications-title">Applications</h2>
      <OpsList
        list={list}
        query={query}
        loadingText="Loading applications…"
        errorTitle="The applications could not be loaded"
        items={query.data?.items}
        nextCursor={query.data?.nextCursor}
        caption="Applications, newest first"
        columns={COLUMNS}
        rowKey={(item) => item.appUuid}
        emptyText={
          list.isFiltered
            ? 'No applications match this state and search.'
            : 'There are no applications yet.'
        }
      />
    </section>
  );
}
