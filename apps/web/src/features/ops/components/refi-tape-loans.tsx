/**
 * The legacy loans on the tape: a status filter, a search by loan id or e-mail, a page at a time,
 * and the proposal to give an open loan to another signed-up borrower (a second agent approves).
 */
import { useState } from 'react';
import { ZPostRefiTapeLoanBorrowerBody, type TRefiTapeLoan } from '@pledge/contract';
import { REFI_TAPE_LOAN_STATUSES, type TRefiTapeLoanStatus } from '@pledge/domain';
import { Button } from '../../../ui/button/button.js';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { fieldRefusal } from '../../loan/api/refusal.js';
import { formatDollars } from '../../offer/format.js';
import { useProposeTapeLoanBorrower } from '../api/post-refi-tape-loan-borrower.js';
import { useRefiTapeLoans } from '../api/refi-ops.js';
import { OpsApplicationLink } from './ops-links.js';
import { OpsConfirmDialog, OpsReasonField } from './ops-confirm-dialog.js';
import { selectFilter, useOpsList, type TOpsFilter } from './ops-list.js';
import { OpsListSection } from './ops-list-section.js';
import type { TOpsColumn } from './ops-table.js';

const STATUS_WORDS: Readonly<Record<TRefiTapeLoanStatus, string>> = {
  OPEN: 'Open',
  REFINANCED: 'Refinanced',
};

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

  function argsOf() {
    const found = reassignErrors({ borrowerEmail, reason });
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    const email = borrowerEmail.trim();
    return {
      borrowerEmail: email === '' ? null : email,
      reason: reason.trim(),
      ...(isOverride ? { overrideTapeEmail: true } : {}),
    };
  }

  return (
    <OpsConfirmDialog
      formId="refi-reassign-loan"
      title={`Reassign Celsius loan ${loan.loanId}?`}
      description={`The tape names ${loan.borrowerEmail}. Proposed to a second agent: once approved, the borrower signed up with this e-mail owns the loan.`}
      confirmLabel="Propose reassignment"
      call={propose}
      argsOf={argsOf}
      onClose={onClose}
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

const STATUS_FILTER = selectFilter({
  name: 'status',
  label: 'Status',
  allLabel: 'All statuses',
  values: REFI_TAPE_LOAN_STATUSES,
  words: STATUS_WORDS,
});

const FILTERS: readonly TOpsFilter[] = [
  STATUS_FILTER,
  { kind: 'search', name: 'search', label: 'Loan ID or e-mail' },
];

function tapeColumns(
  onReassign: (loan: TRefiTapeLoan) => void,
): readonly TOpsColumn<TRefiTapeLoan>[] {
  return [
    { header: 'Loan ID', cell: (loan) => loan.loanId },
    { header: 'Borrower', cellClassName: 'ops-break', cell: (loan) => loan.borrowerEmail },
    { header: 'Collateral', cell: (loan) => `${loan.collateralQuantity} ${loan.collateralType}` },
    { header: 'Principal', cell: (loan) => formatDollars(loan.principalOutstanding) },
    { header: 'Jurisdiction', cell: (loan) => loan.jurisdiction },
    { header: 'Passport', cell: (loan) => (loan.passportOnFile ? 'On file' : 'Missing') },
    { header: 'Custody', cell: (loan) => loan.custodyArrangement },
    { header: 'Status', cell: (loan) => STATUS_WORDS[loan.status] },
    {
      header: 'Application',
      cell: (loan) => (loan.appUuid === null ? '—' : <OpsApplicationLink appUuid={loan.appUuid} />),
    },
    {
      header: 'Action',
      cell: (loan) =>
        loan.status === 'OPEN' ? (
          <Button
            variant="secondary"
            isFullWidth={false}
            aria-haspopup="dialog"
            onClick={() => onReassign(loan)}
          >
            Reassign <span className="visually-hidden">loan {loan.loanId}</span>
          </Button>
        ) : null,
    },
  ];
}

export function RefiTapeLoans() {
  const list = useOpsList(FILTERS);
  const query = useRefiTapeLoans({
    status: list.chosen(STATUS_FILTER),
    search: list.values.search,
    cursor: list.cursor,
  });

  return (
    <OpsListSection
      id="refi-tape-loans"
      title="Loans on the tape"
      list={list}
      query={query}
      loadingText="Loading the tape…"
      errorTitle="The tape could not be loaded"
      pagerLabel="Pages of the tape"
      caption="Loans on the tape"
      columns={tapeColumns}
      rowKey={(loan) => loan.loanId}
      emptyText="No loan on the tape matches."
      confirm={(loan, onClose) => <ReassignDialog loan={loan} onClose={onClose} />}
    />
  );
}
