import type { ReactNode } from 'react';
import { FactList, type TFact } from '../../../ui/fact-list.js';
import { HeadedSection } from '../../../ui/headed-section.js';

export type TLoanFact = TFact;

/** Label–value tiles (balances, the next payment). */
export function LoanFacts({ facts }: { facts: readonly TLoanFact[] }) {
  return <FactList kind="loan-facts" facts={facts} />;
}

/** Label–amount lines that add up to the last one (a payoff quote, a deferral). */
export function LoanBreakdown({ lines }: { lines: readonly TLoanFact[] }) {
  return <FactList kind="loan-breakdown" facts={lines} />;
}

/** A headed section of the loan page. */
export function LoanSection(props: { id: string; title: string; children: ReactNode }) {
  return <HeadedSection kind="loan-section" {...props} />;
}
