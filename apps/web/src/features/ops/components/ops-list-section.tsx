/**
 * A section of a console page around one list read a page at a time, whose rows each open a
 * confirmation: the section's title and what it is for, the list, and the chosen row's dialog.
 */
import { useState, type ReactNode } from 'react';
import { OpsList, type TOpsListProps } from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

/** A page of a list as the server answers it: its rows and the cursor of the next page. */
type TOpsPage<TItem> = { items: readonly TItem[]; nextCursor: string | null };

export function OpsListSection<TItem>({
  id,
  title,
  intro,
  query,
  columns,
  confirm,
  ...list
}: Omit<TOpsListProps<TItem>, 'items' | 'nextCursor' | 'columns' | 'query'> & {
  /** Names the section; its heading is `${id}-heading`. */
  id: string;
  title: string;
  intro?: ReactNode;
  query: TOpsListProps<TItem>['query'] & { data?: TOpsPage<TItem> | undefined };
  /** The columns, given what opens a row's confirmation. */
  columns: (onChoose: (item: TItem) => void) => readonly TOpsColumn<TItem>[];
  /** The confirmation of the row chosen. */
  confirm: (item: TItem, onClose: () => void) => ReactNode;
}) {
  // Held in a box: a row that were a function would otherwise be taken for an update.
  const [chosen, setChosen] = useState<{ item: TItem } | null>(null);
  return (
    <section className="ops-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {intro}
      <OpsList
        {...list}
        query={query}
        items={query.data?.items}
        nextCursor={query.data?.nextCursor}
        columns={columns((item) => setChosen({ item }))}
      />
      {chosen !== null && confirm(chosen.item, () => setChosen(null))}
    </section>
  );
}
