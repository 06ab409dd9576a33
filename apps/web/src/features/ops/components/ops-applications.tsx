import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  APPLICATION_STATES,
  LOAN_KINDS,
  type TApplicationState,
  type TLoanKind,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Button } from '../../../ui/button/button.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { formatDollars } from '../../offer/format.js';
import { useOpsApplications } from '../api/get-ops-applications.js';
import { formatDateTime, shortId } from '../format.js';
import { OpsQueryStatus } from './ops-query-status.js';

const STATE_PARAM = 'state';
const KIND_PARAM = 'kind';
const ALL_KINDS = '';

const KIND_WORDS: Readonly<Record<TLoanKind, string>> = {
  NEW_LOAN: 'New loan',
  RENEWAL: 'Renewal',
  REFINANCE: 'Refinancing',
};

const KIND_OPTIONS = [
  { value: ALL_KINDS, label: 'All kinds' },
  ...LOAN_KINDS.map((kind) => ({ value: kind, label: KIND_WORDS[kind] })),
];

function isLoanKind(value: string | null): value is TLoanKind {
  return value !== null && (LOAN_KINDS as readonly string[]).includes(value);
}

function kindOf(item: { isRollForward: boolean; isCelsiusRefi: boolean }): TLoanKind {
  if (item.isCelsiusRefi) return 'REFINANCE';
  return item.isRollForward ? 'RENEWAL' : 'NEW_LOAN';
}
const SEARCH_PARAM = 'search';
const ALL_STATES = '';

const STATE_OPTIONS = [
  { value: ALL_STATES, label: 'All states' },
  ...APPLICATION_STATES.map((state) => ({ value: state, label: state })),
];

function isApplicationState(value: string | null): value is TApplicationState {
  return value !== null && (APPLICATION_STATES as readonly string[]).includes(value);
}

/**
 * The console's application list: one state or all, a search by application id or by the start
 * of the borrower's e-mail (as the server matches), newest first, a page at a time. The filter
 * lives in the address, so a detail page's "back" returns to the same list.
 */
export function OpsApplications() {
  const [searchParams, setSearchParams] = useSearchParams();
  const stateParam = searchParams.get(STATE_PARAM);
  const state = isApplicationState(stateParam) ? stateParam : undefined;
  const kindParam = searchParams.get(KIND_PARAM);
  const kind = isLoanKind(kindParam) ? kindParam : undefined;
  const search = searchParams.get(SEARCH_PARAM)?.trim() || undefined;
  const [searchText, setSearchText] = useState(search ?? '');
  // Cursors of the pages before the one shown: "Previous page" pops one.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = useOpsApplications({ state, kind, search, cursor });

  function applyFilter(next: { state?: string; kind?: string; search?: string }) {
    const params = new URLSearchParams(searchParams);
    for (const [name, value] of Object.entries(next)) {
      if (value === undefined || value.trim() === '') params.delete(name);
      else params.set(name, value.trim());
    }
    setCursors([]);
    setSearchParams(params);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applyFilter({ [SEARCH_PARAM]: searchText });
  }

  const items = query.data?.items ?? [];
  const nextCursor = query.data?.nextCursor ?? null;

  return (
    <section className="ops-applications" aria-labelledby="ops-applications-title">
      <h2 id="ops-applications-title">Applications</h2>
      <div className="ops-filters">
        <Select
          label="State"
          options={STATE_OPTIONS}
          value={state ?? ALL_STATES}
          onValueChange={(value) => applyFilter({ [STATE_PARAM]: value })}
        />
        <Select
          label="Kind"
          options={KIND_OPTIONS}
          value={kind ?? ALL_KINDS}
          onValueChange={(value) => applyFilter({ [KIND_PARAM]: value })}
        />
        <form className="ops-filters__search" role="search" onSubmit={onSearch}>
          <TextField
            label="Search"
            description="An application id (or its start), or the borrower’s whole e-mail address (exact match)"
            type="search"
            value={searchText}
            maxLength={200}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <Button type="submit" isFullWidth={false}>
            Search
          </Button>
          {search !== undefined && (
            <Button
              variant="secondary"
              isFullWidth={false}
              onClick={() => {
                setSearchText('');
                applyFilter({ [SEARCH_PARAM]: '' });
              }}
            >
              Clear search
            </Button>
          )}
        </form>
      </div>

      <OpsQueryStatus
        query={query}
        loadingText="Loading applications…"
        errorTitle="The applications could not be loaded"
      />
      {query.isSuccess && items.length === 0 && (
        <p role="status">
          {state === undefined && kind === undefined && search === undefined
            ? 'There are no applications yet.'
            : 'No applications match this state and search.'}
        </p>
      )}
      {items.length > 0 && (
        <div className="ops-table-wrap" aria-busy={query.isFetching || undefined}>
          <table className="ops-table">
            <caption className="visually-hidden">Applications, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Borrower</th>
                <th scope="col">Kind</th>
                <th scope="col">State</th>
                <th scope="col">Amount</th>
                <th scope="col">Created</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.appUuid}>
                  <td data-label="Application">
                    <Link
                      to={paths.opsApplication.getHref(item.appUuid)}
                      title={item.appUuid}
                      className="ops-id"
                    >
                      {shortId(item.appUuid)}
                    </Link>
                  </td>
                  <td data-label="Borrower">
                    <span className="ops-table__email">{item.borrowerEmail}</span>
                    {item.borrowerName !== null && (
                      <span className="ops-table__name">{item.borrowerName}</span>
                    )}
                  </td>
                  <td data-label="Kind">{KIND_WORDS[kindOf(item)]}</td>
                  <td data-label="State">
                    <span className="ops-state">{item.state}</span>
                  </td>
                  <td data-label="Amount">
                    {item.loanAmount === null ? '—' : formatDollars(item.loanAmount)}
                  </td>
                  <td data-label="Created">{formatDateTime(item.createdAt)}</td>
                  <td data-label="Updated">{formatDateTime(item.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
