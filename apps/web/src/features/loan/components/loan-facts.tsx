import type { ReactNode } from 'react';
import { HeadedSection } from '../../../ui/headed-section.js';

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
export function LoanSection(props: { id: string; title: string; children: ReactNode }) {
  return <HeadedSection kind="loan-section" {...props} />;
}
