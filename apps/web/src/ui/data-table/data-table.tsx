import type { Key, ReactNode } from 'react';

/** One column of a table: its header and what each row shows in it. */
export type TTableColumn<TItem> = {
  /** The column's header, also each cell's data-label: the narrow layout shows it beside the value. */
  header: string;
  /** A class for this column's cells, such as one aligning amounts or breaking long hashes. */
  cellClassName?: string;
  cell: (item: TItem) => ReactNode;
};

export type TDataTableProps<TItem> = {
  caption?: string;
  columns: readonly TTableColumn<TItem>[];
  items: readonly TItem[];
  /** Keeps each row's element with its item when the items are reordered. */
  rowKey: (item: TItem, index: number) => Key;
  emptyText: string;
  /** The rows are being read again: assistive technology waits for the new ones. */
  isBusy?: boolean;
};

/**
 * A table that becomes labelled cards on narrow screens, or a line saying there is nothing to list
 * yet. `kind` is the class of the table (its wrapper is `${kind}-wrap`): the console's and the
 * borrower's tables are styled apart. The caption is for screen readers only: the section's
 * heading already names the table on screen.
 */
export function DataTable<TItem>({
  kind,
  caption,
  columns,
  items,
  rowKey,
  emptyText,
  isBusy = false,
}: TDataTableProps<TItem> & { kind: string }) {
  if (items.length === 0) return <p>{emptyText}</p>;
  return (
    <div className={`${kind}-wrap`} aria-busy={isBusy || undefined}>
      <table className={kind}>
        {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={rowKey(item, index)}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.header} className={column.cellClassName}>
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
