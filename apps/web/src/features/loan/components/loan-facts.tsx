import type { ReactNode } from 'react';

export interface TLoanFact {
  label: string;
  value: ReactNode;
  isTotal?: boolean;
}

/** Label–value tiles (balances, the next payment). */
export function LoanFacts({ facts }: { facts: readonly TLoanFact[] }) {
  return (
    <dl className="loan-facts">
      {facts.map((fact) => (
        <div key={fact.label} className={fact.isTotal === true ? 'loan-facts__total' : undefined}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Label–amount lines that add up to the last one (a payoff quote, a deferral). */
export function LoanBreakdown({ lines }: { lines: readonly TLoanFact[] }) {
  return (
    <dl className="loan-breakdown">
      {lines.map((line) => (
        <div
          key={line.label}
          className={line.isTotal === true ? 'loan-breakdown__total' : undefined}
        >
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A headed section of the loan page. */
export function LoanSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const titleId = `loan-section-${id}`;
  return (
    <section className="loan-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
