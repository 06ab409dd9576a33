import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatUsd, LOAN_STATUSES, type TLoanStatusName } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { displayDate } from '../../loan/loan-dates.js';
import { LOAN_STATUS_WORDS } from '../../loan/loan-view.js';
import { useOpsLoans } from '../api/ops-loans.js';
import { shortId } from '../format.js';
import { OpsTable } from './ops-table.js';
import { OpsQueryStatus } from './ops-query-status.js';

const STATUS_PARAM = 'status';
const SEARCH_PARAM = 'search';
const ALL_STATUSES = '';

const STATUS_OPTIONS = [
  { value: ALL_STATUSES, label: 'All statuses' },
  ...LOAN_STATUSES.map((status) => ({ value: status, label: LOAN_STATUS_WORDS[status] })),
];

function isLoanStatus(value: string | null): value is TLoanStatusName {
  return value !== null && (LOAN_STATUSES as readonly string[]).includes(value);
}

/**
 * The console's funded loans: one status or all, a search by loan id or the start of the
 * borrower's e-mail, newest first, a page at a time. The filter lives in the address.
 */
export function OpsLoans() {
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get(STATUS_PARAM);
  const status = isLoanStatus(statusParam) ? statusParam : undefined;
  const search = searchParams.get(SEARCH_PARAM)?.trim() || undefined;
  const [searchText, setSearchText] = useState(search ?? '');
  // Cursors of the pages before the one shown: "Previous page" pops one.
  const [cursors, setCursors] = useState<string[]>([]);
  const query = useOpsLoans({ status, search, cursor: cursors.at(-1) });

  function applyFilter(name: string, value: string) {
    const params = new URLSearchParams(searchParams);
    if (value.trim() === '') params.delete(name);
    else params.set(name, value.trim());
    setCursors([]);
    setSearchParams(params);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applyFilter(SEARCH_PARAM, searchText);
  }

  const items = query.data?.items ?? [];
  const nextCursor = query.data?.nextCursor ?? null;
  return (
    <section className="ops-page">
      <p className="ops-back">
        <Link to={paths.ops.getHref()}>All applications</Link>
        {' · '}
        <Link to={paths.opsReconciliation.getHref()}>Reconciliation</Link>
      </p>
      <PageHeading>Loans</PageHeading>
      <div className="ops-filters">
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status ?? ALL_STATUSES}
          onValueChange={(value) => applyFilter(STATUS_PARAM, value)}
        />
        <form className="ops-filters__search" role="search" onSubmit={onSearch}>
          <TextField
            label="Search"
            description="A loan id, or the borrower’s whole e-mail address (exact match)"
            type="search"
            value={searchText}
            maxLength={200}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <Button type="submit" isFullWidth={false}>
            Search
          </Button>
        </form>
      </div>
      <OpsQueryStatus
        query={query}
        loadingText="Loading loans…"
        errorTitle="The loans could not be loaded"
      />
      {query.isSuccess && (
        <div aria-busy={query.isFetching || undefined}>
          <OpsTable
            caption="Loans, newest first"
            columns={[
              { header: 'Loan' },
              { header: 'Borrower', cellClassName: 'ops-break' },
              { header: 'Status' },
              { header: 'Balance' },
              { header: 'Accrued interest' },
              { header: 'Autopay' },
              { header: 'Funded' },
              { header: 'Matures' },
            ]}
            rows={items.map((loan) => ({
              key: loan.loanUuid,
              cells: [
                <Link
                  to={paths.opsLoan.getHref(loan.loanUuid)}
                  title={loan.loanUuid}
                  className="ops-id"
                >
                  {shortId(loan.loanUuid)}
                </Link>,
                loan.borrowerEmail,
                <span className="ops-state">{loan.status}</span>,
                formatUsd(loan.totalBalanceCents),
                formatUsd(loan.accruedInterestCents),
                loan.autopayEnabled ? 'On' : 'Off',
                displayDate(loan.fundedOn),
                displayDate(loan.maturityDate),
              ],
            }))}
            emptyText={
              status === undefined && search === undefined
                ? 'There are no funded loans yet.'
                : 'No loans match this status and search.'
            }
          />
        </div>
      )}
      {(cursors.length > 0 || nextCursor !== null) && (
        <nav className="ops-pager" aria-label="Pages">
          {cursors.length > 0 && (
            <Button
              variant="secondary"
              isFullWidth={false}
              onClick={() => setCursors((previous) => previous.slice(0, -1))}
            >
              Previous page
            </Button>
          )}
          {nextCursor !== null && (
            <Button
              isFullWidth={false}
              isLoading={query.isFetching}
              onClick={() => setCursors((previous) => [...previous, nextCursor])}
            >
              Next page
            </Button>
          )}
        </nav>
      )}
    </section>
  );
}
