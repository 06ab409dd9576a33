/** The legacy loans on the tape: a status filter, a search by loan id or e-mail, a page at a time. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { REFI_TAPE_LOAN_STATUSES, type TRefiTapeLoanStatus } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { formatDollars } from '../../offer/format.js';
import { useRefiTapeLoans } from '../api/refi-ops.js';
import { shortId } from '../format.js';
import { OpsTable, type TOpsTableColumn } from './ops-table.js';

const COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Loan ID' },
  { header: 'Borrower', cellClassName: 'ops-break' },
  { header: 'Collateral' },
  { header: 'Principal' },
  { header: 'Jurisdiction' },
  { header: 'Passport' },
  { header: 'Custody' },
  { header: 'Status' },
  { header: 'Application' },
];

const ALL = '';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...REFI_TAPE_LOAN_STATUSES.map((status) => ({
    value: status,
    label: status === 'OPEN' ? 'Open' : 'Refinanced',
  })),
];

function isTapeStatus(value: string): value is TRefiTapeLoanStatus {
  return (REFI_TAPE_LOAN_STATUSES as readonly string[]).includes(value);
}

export function RefiTapeLoans() {
  const [status, setStatus] = useState<TRefiTapeLoanStatus | undefined>(undefined);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [cursors, setCursors] = useState<string[]>([]);
  const query = useRefiTapeLoans({ status, search, cursor: cursors.at(-1) });

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(searchText.trim() === '' ? undefined : searchText.trim());
    setCursors([]);
  }

  return (
    <section className="ops-section" aria-labelledby="refi-tape-loans-heading">
      <h2 id="refi-tape-loans-heading">Loans on the tape</h2>
      <form className="ops-filters" role="search" noValidate onSubmit={onSearch}>
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status ?? ALL}
          onValueChange={(value) => {
            setStatus(isTapeStatus(value) ? value : undefined);
            setCursors([]);
          }}
        />
        <TextField
          label="Loan ID or e-mail"
          maxLength={200}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <Button type="submit" variant="secondary" isFullWidth={false}>
          Search
        </Button>
      </form>
      {query.isError && (
        <Alert variant="error" title="The tape could not be loaded">
          {query.error.message}
        </Alert>
      )}
      {query.isPending ? (
        <p className="loading" role="status">
          Loading the tape…
        </p>
      ) : query.data === undefined ? null : (
        <>
          <OpsTable
            caption="Loans on the tape"
            columns={COLUMNS}
            emptyText="No loan on the tape matches."
            rows={query.data.items.map((loan) => ({
              key: loan.loanId,
              cells: [
                loan.loanId,
                loan.borrowerEmail,
                `${loan.collateralQuantity} ${loan.collateralType}`,
                formatDollars(loan.principalOutstanding),
                loan.jurisdiction,
                loan.passportOnFile ? 'On file' : 'Missing',
                loan.custodyArrangement,
                loan.status === 'OPEN' ? 'Open' : 'Refinanced',
                loan.appUuid === null ? (
                  '—'
                ) : (
                  <Link to={paths.opsApplication.getHref(loan.appUuid)} title={loan.appUuid}>
                    {shortId(loan.appUuid)}
                  </Link>
                ),
              ],
            }))}
          />
          <div className="ops-pager">
            {cursors.length > 0 && (
              <Button
                variant="secondary"
                isFullWidth={false}
                onClick={() => setCursors((current) => current.slice(0, -1))}
              >
                Previous page
              </Button>
            )}
            {query.data.nextCursor !== null && (
              <Button
                variant="secondary"
                isFullWidth={false}
                onClick={() => {
                  const next = query.data.nextCursor;
                  if (next !== null) setCursors((current) => [...current, next]);
                }}
              >
                Next page
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
