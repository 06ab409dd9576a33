/**
 * The coins ended refinancings received (issue 34, finding 7): those waiting for the borrower's
 * address, those to send back (an agent proposes the return with its transaction, a second agent
 * approves), those returned, and those carried on to a new refinancing of the same loan.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZPostRefiCoinReturnBody, type TRefiCoinReturnItem } from '@pledge/contract';
import {
  OPS_REASON_MAX_LENGTH,
  REFI_COIN_RETURN_STATUSES,
  type TRefiCoinReturnStatus,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { coinAmountText } from '../../collateral/collateral-display.js';
import { useProposeRefiCoinReturn, useRefiCoinReturns } from '../api/refi-coin-returns.js';
import { formatDateTime, shortId } from '../format.js';
import { OpsConfirmDialog } from './ops-confirm-dialog.js';
import { OpsTable, type TOpsTableColumn } from './ops-table.js';

const COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Celsius loans' },
  { header: 'Application' },
  { header: 'Coins', cellClassName: 'ops-break' },
  { header: 'Since' },
  { header: 'Status', cellClassName: 'ops-break' },
  { header: 'Action' },
];

const ALL = '';
export const COIN_RETURN_STATUS_WORDS: Readonly<Record<TRefiCoinReturnStatus, string>> = {
  AWAITING_ADDRESS: 'Waiting for the borrower’s address',
  REQUESTED: 'To return',
  RETURNED: 'Returned',
  CARRIED_OVER: 'Counted toward a new refinancing',
};
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...REFI_COIN_RETURN_STATUSES.map((status) => ({
    value: status,
    label: COIN_RETURN_STATUS_WORDS[status],
  })),
];

function isCoinReturnStatus(value: string): value is TRefiCoinReturnStatus {
  return (REFI_COIN_RETURN_STATUSES as readonly string[]).includes(value);
}

/** "0.5 ETH", with what is still confirming. */
export function coinReturnCoinsText(item: TRefiCoinReturnItem): string {
  const confirming = Number(item.confirming.coinQuantity) > 0;
  return `${coinAmountText(item.returned ?? item.confirmed)}${confirming ? ` (+ ${coinAmountText(item.confirming)} confirming)` : ''}`;
}

/** The status with where the coins go: the address, the transaction, the new application. */
export function coinReturnStatusText(item: TRefiCoinReturnItem): string {
  switch (item.status) {
    case 'AWAITING_ADDRESS':
      return COIN_RETURN_STATUS_WORDS.AWAITING_ADDRESS;
    case 'REQUESTED':
      return `To return to ${item.returnAddress ?? ''}`;
    case 'RETURNED':
      return `Returned ${item.returnedAt === null ? '' : formatDateTime(item.returnedAt)} to ${item.returnAddress ?? ''}${item.returnedBy === null ? '' : ` by ${item.returnedBy}`}${item.transactionHash === null ? '' : ` (tx ${item.transactionHash})`}`;
    case 'CARRIED_OVER':
      return `${COIN_RETURN_STATUS_WORDS.CARRIED_OVER} ${item.carriedToAppUuid === null ? '' : shortId(item.carriedToAppUuid)}`;
  }
}

function ProposeReturn({ item, onClose }: { item: TRefiCoinReturnItem; onClose: () => void }) {
  const mutation = useProposeRefiCoinReturn();
  const [transactionHash, setTransactionHash] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZPostRefiCoinReturnBody.safeParse({
      transactionHash,
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
    mutation.mutate({ appUuid: item.appUuid, body: parsed.data });
  }

  return (
    <OpsConfirmDialog
      formId="refi-coin-return"
      title={`Record the return of ${coinAmountText(item.confirmed)}?`}
      description={`Every confirmed coin of Celsius loan ${item.celsiusLoanIds.join(', ')}'s ended refinancing, to ${item.returnAddress ?? ''}. Proposed to a second agent: it is recorded, in the audit trail too, once approved.`}
      confirmLabel="Propose the return"
      isPending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={onSubmit}
      proposal={mutation.data ?? null}
    >
      <TextField
        label="Transaction of the return"
        isRequired
        maxLength={200}
        value={transactionHash}
        error={errors.transactionHash}
        onChange={(event) => setTransactionHash(event.target.value)}
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

export function RefiCoinReturns() {
  const [status, setStatus] = useState<TRefiCoinReturnStatus | undefined>(undefined);
  const [cursors, setCursors] = useState<string[]>([]);
  const [target, setTarget] = useState<TRefiCoinReturnItem | null>(null);
  const query = useRefiCoinReturns({ status, cursor: cursors.at(-1) });

  return (
    <section className="ops-section" aria-labelledby="refi-coin-returns-heading">
      <h2 id="refi-coin-returns-heading">Coins of ended refinancings</h2>
      <p>
        Coins that arrived for a refinancing that expired or was cancelled. They go back to the
        address the borrower gives, or count toward the borrower’s new refinancing of the same loan.
      </p>
      <div className="ops-filters">
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status ?? ALL}
          onValueChange={(value) => {
            setStatus(isCoinReturnStatus(value) ? value : undefined);
            setCursors([]);
          }}
        />
      </div>
      {query.isError && (
        <Alert variant="error" title="The coins could not be loaded">
          {query.error.message}
        </Alert>
      )}
      {query.isPending ? (
        <p className="loading" role="status">
          Loading the coins…
        </p>
      ) : query.data === undefined ? null : (
        <>
          <OpsTable
            caption="Coins of ended refinancings"
            columns={COLUMNS}
            emptyText="No coins to show."
            rows={query.data.items.map((item) => ({
              key: item.appUuid,
              cells: [
                item.celsiusLoanIds.join(', '),
                <Link
                  key="app"
                  to={paths.opsApplication.getHref(item.appUuid)}
                  title={item.appUuid}
                >
                  {shortId(item.appUuid)}
                </Link>,
                coinReturnCoinsText(item),
                formatDateTime(item.createdAt),
                coinReturnStatusText(item),
                item.status === 'REQUESTED' ? (
                  <Button variant="secondary" isFullWidth={false} onClick={() => setTarget(item)}>
                    Record return{' '}
                    <span className="visually-hidden">of {item.celsiusLoanIds.join(', ')}</span>
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
      {target !== null && <ProposeReturn item={target} onClose={() => setTarget(null)} />}
    </section>
  );
}
