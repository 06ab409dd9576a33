/**
 * The legacy loans on the tape: a status filter, a search by loan id or e-mail, a page at a time,
 * and the proposal to give an open loan to another signed-up borrower (a second agent approves).
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZPostRefiTapeLoanBorrowerBody, type TRefiTapeLoan } from '@pledge/contract';
import { REFI_TAPE_LOAN_STATUSES, type TRefiTapeLoanStatus } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { fieldRefusal, refusalMessage } from '../../loan/api/refusal.js';
import { formatDollars } from '../../offer/format.js';
import { useProposeTapeLoanBorrower } from '../api/post-refi-tape-loan-borrower.js';
import { useRefiTapeLoans } from '../api/refi-ops.js';
import { shortId } from '../format.js';
import { OpsConfirmDialog, OpsReasonField } from './ops-confirm-dialog.js';
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
  { header: 'Action' },
];

export const OVERRIDE_TAPE_EMAIL_LABEL = 'The borrower’s e-mail differs from the tape’s (override)';

type TReassignErrors = Partial<Record<'borrowerEmail' | 'reason', string>>;

/** The contract's messages for a reassignment, by field; empty e-mail clears the agent's match. */
export function reassignErrors(input: { borrowerEmail: string; reason: string }): TReassignErrors {
  const parsed = ZPostRefiTapeLoanBorrowerBody.safeParse({
    borrowerEmail: input.borrowerEmail.trim() === '' ? null : input.borrowerEmail.trim(),
    reason: input.reason,
  });
  const errors: TReassignErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'borrowerEmail') errors.borrowerEmail ??= issue.message;
    if (field === 'reason') errors.reason ??= issue.message;
  }
  return errors;
}

function ReassignDialog({ loan, onClose }: { loan: TRefiTapeLoan; onClose: () => void }) {
  const propose = useProposeTapeLoanBorrower(loan.loanId);
  const [borrowerEmail, setBorrowerEmail] = useState(loan.borrowerEmail);
  const [reason, setReason] = useState('');
  const [isOverride, setIsOverride] = useState(false);
  const [errors, setErrors] = useState<TReassignErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = reassignErrors({ borrowerEmail, reason });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const email = borrowerEmail.trim();
    propose.mutate({
      borrowerEmail: email === '' ? null : email,
      reason: reason.trim(),
      ...(isOverride ? { overrideTapeEmail: true } : {}),
    });
  }

  return (
    <OpsConfirmDialog
      formId="refi-reassign-loan"
      title={`Reassign Celsius loan ${loan.loanId}?`}
      description={`The tape names ${loan.borrowerEmail}. Proposed to a second agent: once approved, the borrower signed up with this e-mail owns the loan.`}
      confirmLabel="Propose reassignment"
      isPending={propose.isPending}
      error={propose.isError ? new Error(refusalMessage(propose.error)) : null}
      onClose={onClose}
      onSubmit={onSubmit}
      proposal={propose.data ?? null}
    >
      <TextField
        label="Borrower’s e-mail"
        description="The e-mail they sign in with; leave it empty to clear an agent’s match."
        type="email"
        maxLength={254}
        value={borrowerEmail}
        error={errors.borrowerEmail ?? fieldRefusal(propose.error, 'borrowerEmail') ?? undefined}
        onChange={(event) => {
          setBorrowerEmail(event.target.value);
          propose.reset();
        }}
      />
      <OpsReasonField
        value={reason}
        error={errors.reason}
        onChange={(event) => {
          setReason(event.target.value);
          propose.reset();
        }}
      />
      <Checkbox
        label={OVERRIDE_TAPE_EMAIL_LABEL}
        description="Give the evidence in the reason, such as the estate’s confirmation of a changed address."
        checked={isOverride}
        onCheckedChange={(isChecked) => {
          setIsOverride(isChecked);
          propose.reset();
        }}
      />
    </OpsConfirmDialog>
  );
}

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
  const [reassigning, setReassigning] = useState<TRefiTapeLoan | null>(null);
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
                loan.status === 'OPEN' ? (
                  <Button
                    variant="secondary"
                    isFullWidth={false}
                    aria-haspopup="dialog"
                    onClick={() => setReassigning(loan)}
                  >
                    Reassign <span className="visually-hidden">loan {loan.loanId}</span>
                  </Button>
                ) : null,
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
      {reassigning !== null && (
        <ReassignDialog loan={reassigning} onClose={() => setReassigning(null)} />
      )}
    </section>
  );
}
