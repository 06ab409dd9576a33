import {
  DataTable,
  type TDataTableProps,
  type TTableColumn,
} from '../../../ui/data-table/data-table.js';

/** One column of a console table: its header and what each row shows in it. */
export type TOpsColumn<TItem> = TTableColumn<TItem>;

export type TOpsTableProps<TItem> = TDataTableProps<TItem>;

/** A table of the console, or a line saying there is nothing to list yet. */
export function OpsTable<TItem>(props: TOpsTableProps<TItem>) {
  return <DataTable kind="ops-table" {...props} />;
}
