import type { Key, ReactNode } from 'react';

/** One column of a console table: its header and what each row shows in it. */
export type TOpsColumn<TItem> = {
  /** The column's header, also each cell's data-label: the narrow layout shows it beside the value. */
  header: string;
  /** A class for this column's cells, such as ops-hash for long hashes. */
  cellClassName?: string;
  cell: (item: TItem) => ReactNode;
};

export type TOpsTableProps<TItem> = {
  caption?: string;
  columns: readonly TOpsColumn<TItem>[];
  items: readonly TItem[];
  /** Keeps each row's element with its item when the items are reordered. */
  rowKey: (item: TItem, index: number) => Key;
  emptyText: string;
  /** The rows are being read again: assistive technology waits for the new ones. */
  isBusy?: boolean;
};

/**
 * A table of the console, or a line saying there is nothing to list yet. The caption is for
 * screen readers only: the section's heading already names the table on screen.
 */
export function OpsTable<TItem>({
  caption,
  columns,
  items,
  rowKey,
  emptyText,
  isBusy = false,
}: TOpsTableProps<TItem>) {
  if (items.length === 0) return <p>{emptyText}</p>;
  return (
    <div className="ops-table-wrap" aria-busy={isBusy || undefined}>
      <table className="ops-table">
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
