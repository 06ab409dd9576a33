/**
 * Payoffs owed to the old lender's estate once a refinancing completes; an agent proposes each one
 * paid with its payment reference and a second agent approves (audited, idempotent).
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZPostConfirmRefiEstatePayoffBody, type TRefiEstatePayoff } from '@pledge/contract';
import {
  OPS_REASON_MAX_LENGTH,
  REFI_ESTATE_PAYOFF_STATUSES,
  type TRefiEstatePayoffStatus,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { formatDollars } from '../../offer/format.js';
import { useConfirmRefiEstatePayoff, useRefiEstatePayoffs } from '../api/refi-ops.js';
import { formatDateTime, shortId } from '../format.js';
import { OpsConfirmDialog } from './ops-confirm-dialog.js';
import { OpsTable, type TOpsTableColumn } from './ops-table.js';

const COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Celsius loans' },
  { header: 'Application' },
  { header: 'Amount' },
  { header: 'Owed since' },
  { header: 'Status', cellClassName: 'ops-break' },
  { header: 'Action' },
];

const ALL = '';
const STATUS_WORDS: Readonly<Record<TRefiEstatePayoffStatus, string>> = {
  OWED: 'Owed',
  CONFIRMED: 'Paid',
};
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...REFI_ESTATE_PAYOFF_STATUSES.map((status) => ({ value: status, label: STATUS_WORDS[status] })),
];

function isPayoffStatus(value: string): value is TRefiEstatePayoffStatus {
  return (REFI_ESTATE_PAYOFF_STATUSES as readonly string[]).includes(value);
}

/** "Paid Jan 2, 2025, 03:04 UTC by agent@example.com (ref WIRE-1)", or "Owed". */
export function payoffStatusText(payoff: TRefiEstatePayoff): string {
  if (payoff.status === 'OWED' || payoff.confirmedAt === null) return STATUS_WORDS.OWED;
  const by = payoff.confirmedBy === null ? '' : ` by ${payoff.confirmedBy}`;
  const reference = payoff.reference === null ? '' : ` (ref ${payoff.reference})`;
  return `Paid ${formatDateTime(payoff.confirmedAt)}${by}${reference}`;
}

function ConfirmPayoff({ payoff, onClose }: { payoff: TRefiEstatePayoff; onClose: () => void }) {
  const mutation = useConfirmRefiEstatePayoff();
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZPostConfirmRefiEstatePayoffBody.safeParse({
      reference,
      ...(note.trim() === '' ? {} : { note }),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    mutation.mutate({ payoffUuid: payoff.uuid, body: parsed.data });
  }

  return (
    <OpsConfirmDialog
      formId="refi-confirm-payoff"
      title={`Confirm the payoff of ${formatDollars(payoff.amount)}?`}
      description={`The estate was paid for Celsius loan ${payoff.celsiusLoanIds.join(', ')}. Proposed to a second agent: it is recorded, in the audit trail too, once approved.`}
      confirmLabel="Propose confirmation"
      isPending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={onSubmit}
      proposal={mutation.data ?? null}
    >
      <TextField
        label="Payment reference"
        isRequired
        maxLength={200}
        value={reference}
        error={errors.reference}
        onChange={(event) => setReference(event.target.value)}
      />
      <TextField
        label="Note"
        description="Optional; kept in the audit trail."
        maxLength={OPS_REASON_MAX_LENGTH}
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
    </OpsConfirmDialog>
  );
}

export function RefiEstatePayoffs() {
  const [status, setStatus] = useState<TRefiEstatePayoffStatus | undefined>('OWED');
  const [cursors, setCursors] = useState<string[]>([]);
  const [target, setTarget] = useState<TRefiEstatePayoff | null>(null);
  const query = useRefiEstatePayoffs({ status, cursor: cursors.at(-1) });

  return (
    <section className="ops-section" aria-labelledby="refi-payoffs-heading">
      <h2 id="refi-payoffs-heading">Payoffs to the Celsius estate</h2>
      <div className="ops-filters">
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status ?? ALL}
          onValueChange={(value) => {
            setStatus(isPayoffStatus(value) ? value : undefined);
            setCursors([]);
          }}
        />
      </div>
      {query.isError && (
        <Alert variant="error" title="The payoffs could not be loaded">
          {query.error.message}
        </Alert>
      )}
      {query.isPending ? (
        <p className="loading" role="status">
          Loading the payoffs…
        </p>
      ) : query.data === undefined ? null : (
        <>
          <OpsTable
            caption="Payoffs to the Celsius estate"
            columns={COLUMNS}
            emptyText="No payoff to show."
            rows={query.data.items.map((payoff) => ({
              key: payoff.uuid,
              cells: [
                payoff.celsiusLoanIds.join(', '),
                <Link
                  key="app"
                  to={paths.opsApplication.getHref(payoff.appUuid)}
                  title={payoff.appUuid}
                >
                  {shortId(payoff.appUuid)}
                </Link>,
                formatDollars(payoff.amount),
                formatDateTime(payoff.createdAt),
                payoffStatusText(payoff),
                payoff.status === 'OWED' ? (
                  <Button variant="secondary" isFullWidth={false} onClick={() => setTarget(payoff)}>
                    Confirm payoff{' '}
                    <span className="visually-hidden">of {payoff.celsiusLoanIds.join(', ')}</span>
                  </Button>
                ) : null,
              ],
            }))}
          />
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
        </>
      )}
      {target !== null && <ConfirmPayoff payoff={target} onClose={() => setTarget(null)} />}
    </section>
  );
}
