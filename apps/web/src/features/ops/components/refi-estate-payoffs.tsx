/**
 * Payoffs owed to the old lender's estate once a refinancing completes; an agent proposes each one
 * paid with its payment reference and a second agent approves (audited, idempotent).
 */
import { ZPostConfirmRefiEstatePayoffBody, type TRefiEstatePayoff } from '@pledge/contract';
import { REFI_ESTATE_PAYOFF_STATUSES, type TRefiEstatePayoffStatus } from '@pledge/domain';
import { formatDollars } from '../../offer/format.js';
import { useConfirmRefiEstatePayoff, useRefiEstatePayoffs } from '../api/refi-ops.js';
import { formatDateTime } from '../format.js';
import { selectFilter, useOpsList } from './ops-list.js';
import { OpsListSection } from './ops-list-section.js';
import { ReferenceProposalDialog } from './ops-record-dialog.js';
import type { TOpsColumn } from './ops-table.js';
import { settlementActionColumn, settlementItemColumns } from './refi-settlement-columns.js';

const STATUS_WORDS: Readonly<Record<TRefiEstatePayoffStatus, string>> = {
  OWED: 'Owed',
  CONFIRMED: 'Paid',
};

const STATUS_FILTER = selectFilter({
  name: 'status',
  label: 'Status',
  allLabel: 'All',
  values: REFI_ESTATE_PAYOFF_STATUSES,
  words: STATUS_WORDS,
  initial: 'OWED',
});

/** "Paid Jan 2, 2025, 03:04 UTC by agent@example.com (ref WIRE-1)", or "Owed". */
export function payoffStatusText(payoff: TRefiEstatePayoff): string {
  if (payoff.status === 'OWED' || payoff.confirmedAt === null) return STATUS_WORDS.OWED;
  const by = payoff.confirmedBy === null ? '' : ` by ${payoff.confirmedBy}`;
  const reference = payoff.reference === null ? '' : ` (ref ${payoff.reference})`;
  return `Paid ${formatDateTime(payoff.confirmedAt)}${by}${reference}`;
}

function payoffColumns(
  onConfirm: (payoff: TRefiEstatePayoff) => void,
): readonly TOpsColumn<TRefiEstatePayoff>[] {
  return [
    ...settlementItemColumns<TRefiEstatePayoff>(),
    { header: 'Amount', cell: (payoff) => formatDollars(payoff.amount) },
    { header: 'Owed since', cell: (payoff) => formatDateTime(payoff.createdAt) },
    { header: 'Status', cellClassName: 'ops-break', cell: payoffStatusText },
    settlementActionColumn('Confirm payoff', (payoff) => payoff.status === 'OWED', onConfirm),
  ];
}

function ConfirmPayoff({ payoff, onClose }: { payoff: TRefiEstatePayoff; onClose: () => void }) {
  const mutation = useConfirmRefiEstatePayoff();
  return (
    <ReferenceProposalDialog
      formId="refi-confirm-payoff"
      title={`Confirm the payoff of ${formatDollars(payoff.amount)}?`}
      description={`The estate was paid for Celsius loan ${payoff.celsiusLoanIds.join(', ')}. Proposed to a second agent: it is recorded, in the audit trail too, once approved.`}
      confirmLabel="Propose confirmation"
      field="reference"
      label="Payment reference"
      schema={ZPostConfirmRefiEstatePayoffBody}
      call={mutation}
      argsOf={(body) => ({ payoffUuid: payoff.uuid, body })}
      onClose={onClose}
    />
  );
}

export function RefiEstatePayoffs() {
  const list = useOpsList([STATUS_FILTER]);
  const query = useRefiEstatePayoffs({ status: list.chosen(STATUS_FILTER), cursor: list.cursor });

  return (
    <OpsListSection
      id="refi-payoffs"
      title="Payoffs to the Celsius estate"
      list={list}
      query={query}
      loadingText="Loading the payoffs…"
      errorTitle="The payoffs could not be loaded"
      pagerLabel="Pages of the payoffs"
      caption="Payoffs to the Celsius estate"
      columns={payoffColumns}
      rowKey={(payoff) => payoff.uuid}
      emptyText="No payoff to show."
      confirm={(payoff, onClose) => <ConfirmPayoff payoff={payoff} onClose={onClose} />}
    />
  );
}
