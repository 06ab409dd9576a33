import type { ReactNode } from 'react';
import { HeadedSection } from '../../../ui/headed-section.js';
import { OpsTable, type TOpsTableProps } from './ops-table.js';

/** A section of the detail page: a headed region. */
export function OpsSection(props: { id: string; title: string; children: ReactNode }) {
  return <HeadedSection kind="ops-section" {...props} />;
}

/** A section that is one table, or the line saying it has no rows yet. */
export function OpsTableSection<TItem>({
  id,
  title,
  ...table
}: { id: string; title: string } & TOpsTableProps<TItem>) {
  return (
    <OpsSection id={id} title={title}>
      <OpsTable {...table} />
    </OpsSection>
  );
}

/** One fact of a detail: its label and value; a value left out shows as "—". */
export type TOpsFact = readonly [string, ReactNode];

/** Label–value pairs; a value left out shows as "—". */
export function OpsFacts({ facts }: { facts: readonly TOpsFact[] }) {
  return (
    <dl className="ops-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="ops-facts__row">
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
