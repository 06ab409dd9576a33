import type { ReactNode } from 'react';

/** A section of the detail page: a headed region. */
export function OpsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const titleId = `ops-section-${id}`;
  return (
    <section className="ops-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

/** Label–value pairs; a value left out shows as "—". */
export function OpsFacts({ facts }: { facts: readonly [string, ReactNode][] }) {
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
