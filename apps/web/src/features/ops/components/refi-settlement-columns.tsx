/**
 * The columns the refinancing settlement lists share (the estate's payoffs, the coins to return):
 * what an item is for, and its one action while it is open.
 */
import { Button } from '../../../ui/button/button.js';
import { OpsApplicationLink } from './ops-links.js';
import type { TOpsColumn } from './ops-table.js';

type TSettlementItem = { celsiusLoanIds: readonly string[]; appUuid: string };

/** The Celsius loans an item settles, and the refinancing application it comes from. */
export function settlementItemColumns<TItem extends TSettlementItem>(): TOpsColumn<TItem>[] {
  return [
    { header: 'Celsius loans', cell: (item) => item.celsiusLoanIds.join(', ') },
    { header: 'Application', cell: (item) => <OpsApplicationLink appUuid={item.appUuid} /> },
  ];
}

/** The item's action while `isOpen`, its button naming the Celsius loans it is for. */
export function settlementActionColumn<TItem extends TSettlementItem>(
  label: string,
  isOpen: (item: TItem) => boolean,
  onAction: (item: TItem) => void,
): TOpsColumn<TItem> {
  return {
    header: 'Action',
    cell: (item) =>
      isOpen(item) ? (
        <Button variant="secondary" isFullWidth={false} onClick={() => onAction(item)}>
          {label} <span className="visually-hidden">of {item.celsiusLoanIds.join(', ')}</span>
        </Button>
      ) : null,
  };
}
