/**
 * The coins ended refinancings received (issue 34, finding 7): those waiting for the borrower's
 * address, those to send back (an agent proposes the return with its transaction, a second agent
 * approves), those returned, and those carried on to a new refinancing of the same loan.
 */
import { ZPostRefiCoinReturnBody, type TRefiCoinReturnItem } from '@pledge/contract';
import { REFI_COIN_RETURN_STATUSES, type TRefiCoinReturnStatus } from '@pledge/domain';
import { coinAmountText } from '../../collateral/collateral-display.js';
import { useProposeRefiCoinReturn, useRefiCoinReturns } from '../api/refi-coin-returns.js';
import { formatDateTime, shortId } from '../format.js';
import { selectFilter, useOpsList } from './ops-list.js';
import { OpsListSection } from './ops-list-section.js';
import { ReferenceProposalDialog } from './ops-record-dialog.js';
import type { TOpsColumn } from './ops-table.js';
import { settlementActionColumn, settlementItemColumns } from './refi-settlement-columns.js';

export const COIN_RETURN_STATUS_WORDS: Readonly<Record<TRefiCoinReturnStatus, string>> = {
  AWAITING_ADDRESS: 'Waiting for the borrower’s address',
  REQUESTED: 'To return',
  RETURNED: 'Returned',
  CARRIED_OVER: 'Counted toward a new refinancing',
};
const STATUS_FILTER = selectFilter({
  name: 'status',
  label: 'Status',
  allLabel: 'All',
  values: REFI_COIN_RETURN_STATUSES,
  words: COIN_RETURN_STATUS_WORDS,
});

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

function coinReturnColumns(
  onRecord: (item: TRefiCoinReturnItem) => void,
): readonly TOpsColumn<TRefiCoinReturnItem>[] {
  return [
    ...settlementItemColumns<TRefiCoinReturnItem>(),
    { header: 'Coins', cellClassName: 'ops-break', cell: coinReturnCoinsText },
    { header: 'Since', cell: (item) => formatDateTime(item.createdAt) },
    { header: 'Status', cellClassName: 'ops-break', cell: coinReturnStatusText },
    settlementActionColumn('Record return', (item) => item.status === 'REQUESTED', onRecord),
  ];
}

function ProposeReturn({ item, onClose }: { item: TRefiCoinReturnItem; onClose: () => void }) {
  const mutation = useProposeRefiCoinReturn();
  return (
    <ReferenceProposalDialog
      formId="refi-coin-return"
      title={`Record the return of ${coinAmountText(item.confirmed)}?`}
      description={`Every confirmed coin of Celsius loan ${item.celsiusLoanIds.join(', ')}'s ended refinancing, to ${item.returnAddress ?? ''}. Proposed to a second agent: it is recorded, in the audit trail too, once approved.`}
      confirmLabel="Propose the return"
      field="transactionHash"
      label="Transaction of the return"
      schema={ZPostRefiCoinReturnBody}
      call={mutation}
      argsOf={(body) => ({ appUuid: item.appUuid, body })}
      onClose={onClose}
    />
  );
}

export function RefiCoinReturns() {
  const list = useOpsList([STATUS_FILTER]);
  const query = useRefiCoinReturns({ status: list.chosen(STATUS_FILTER), cursor: list.cursor });

  return (
    <OpsListSection
      id="refi-coin-returns"
      title="Coins of ended refinancings"
      intro={
        <p>
          Coins that arrived for a refinancing that expired or was cancelled. They go back to the
          address the borrower gives, or count toward the borrower’s new refinancing of the same
          loan.
        </p>
      }
      list={list}
      query={query}
      loadingText="Loading the coins…"
      errorTitle="The coins could not be loaded"
      pagerLabel="Pages of the coins"
      caption="Coins of ended refinancings"
      columns={coinReturnColumns}
      rowKey={(item) => item.appUuid}
      emptyText="No coins to show."
      confirm={(item, onClose) => <ProposeReturn item={item} onClose={onClose} />}
    />
  );
}
