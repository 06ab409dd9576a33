import type { Key, ReactNode } from 'react';

export type TOpsTableColumn = {
  /** The column's header, also each cell's data-label: the narrow layout shows it beside the value. */
  header: string;
  /** A class for this column's cells, such as ops-hash for long hashes. */
  cellClassName?: string;
};

/** One row: its cells in the order of the columns. */
export type TOpsTableRow = { key: Key; cells: readonly ReactNode[] };

/**
 * A table of the console, or a line saying there is nothing to list yet. The caption is for
 * screen readers only: the section's heading already names the table on screen.
 */
export function OpsTable({
  caption,
  columns,
  rows,
  emptyText,
}: {
  caption?: string;
  columns: readonly TOpsTableColumn[];
  rows: readonly TOpsTableRow[];
  emptyText: string;
}) {
  if (rows.length === 0) return <p>{emptyText}</p>;
  return (
    <div className="ops-table-wrap">
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
          {rows.map((row) => (
            <tr key={row.key}>
              {columns.map((column, index) => (
                <td key={column.header} data-label={column.header} className={column.cellClassName}>
                  {row.cells[index]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
