import type { ReactNode } from 'react';

/**
 * A region of a page named by its <h2>. `kind` is the class it is styled by and, with `id`, names
 * the heading, so that two sections of one page never share a heading id.
 */
export function HeadedSection({
  kind,
  id,
  title,
  children,
}: {
  kind: string;
  id: string;
  title: string;
  children: ReactNode;
}) {
  const titleId = `${kind}-${id}`;
  return (
    <section className={kind} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
