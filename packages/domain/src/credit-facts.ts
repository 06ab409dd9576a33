/**
 * Frozen credit facts (DESIGN §6): what a credit decision and an offer rest on (the SSN, the name,
 * the date of birth and the residence) cannot change once the loan details that start the credit
 * pull are submitted, for as long as that application can still lead to a loan. A correction is a
 * new application: its own details, its own credit pull, its own offer.
 */
import { SUBMITTED_UNTIL_FUNDED_STATES, type TApplicationState } from './enums.js';
import { isWithinCreditRetryWindow } from './application-machine.js';

export const CREDIT_FACTS = ['ssn', 'name', 'dob', 'residence'] as const;
export type TCreditFact = (typeof CREDIT_FACTS)[number];

export interface TCreditFactsAddress {
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The facts as the credit pull received them. */
export interface TCreditFacts {
  /** Nine digits; null for international borrowers (no US bureau). */
  ssn: string | null;
  name: { firstName: string; lastName: string; suffix: string | null };
  dob: string | null;
  /** The home address the offer's state or country was checked against. */
  residence: TCreditFactsAddress | null;
}

const CORRECTION = 'To correct it, start a new application.';

/** The 409 answer of a profile change, one message per fact, naming it. */
export const FROZEN_CREDIT_FACT_MESSAGES: Readonly<Record<TCreditFact, string>> = {
  ssn: `Your Social Security number can’t be changed: your credit check and offer are based on it. ${CORRECTION}`,
  name: `Your name can’t be changed: your credit check and offer are based on it. ${CORRECTION}`,
  dob: `Your date of birth can’t be changed: your credit check and offer are based on it. ${CORRECTION}`,
  residence: `Your home address can’t be changed: your credit check and offer are based on it. ${CORRECTION}`,
};

/**
 * The states in which an application rests on its facts and can still go on: from the submitted
 * details (the pull starts) until the funds are released. Not here: no match (the facts did not
 * match a credit file, so correcting them is what a new application is for), the ends (declined,
 * cancelled, released) and a funded loan, whose agreement and frozen copy keep the facts it was
 * made on while the borrower's profile may follow a move. Locked and frozen credit hold the facts
 * while a credit retry is still possible.
 */
const HOLDING_STATES: ReadonlySet<TApplicationState> = new Set(SUBMITTED_UNTIL_FUNDED_STATES);

const RETRYABLE_STATES: ReadonlySet<TApplicationState> = new Set<TApplicationState>([
  'SOFT_CREDIT_LOCKED',
  'SOFT_CREDIT_FROZEN',
]);

/** Whether this application freezes its borrower's credit facts now. */
export function holdsFrozenCreditFacts(application: {
  state: TApplicationState;
  /** When the details that started the credit pull were submitted; null: no pull (refinancing). */
  detailsSubmittedAt: Date | string | null;
  now: Date | string;
}): boolean {
  const { state, detailsSubmittedAt, now } = application;
  if (detailsSubmittedAt === null) return false;
  if (HOLDING_STATES.has(state)) return true;
  return RETRYABLE_STATES.has(state) && isWithinCreditRetryWindow({ detailsSubmittedAt, now });
}

/** Case and spacing do not count: "ada  lovelace" is still Ada Lovelace. */
function normalized(value: string | null | undefined): string {
  return (value ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function sameText(values: readonly [string | null | undefined, string | null | undefined][]) {
  return values.every(([a, b]) => normalized(a) === normalized(b));
}

/** The facts that differ, in CREDIT_FACTS order; spelling of case and spaces does not count. */
export function changedCreditFacts(frozen: TCreditFacts, next: TCreditFacts): TCreditFact[] {
  const changed: TCreditFact[] = [];
  if ((frozen.ssn ?? '') !== (next.ssn ?? '')) changed.push('ssn');
  if (
    !sameText([
      [frozen.name.firstName, next.name.firstName],
      [frozen.name.lastName, next.name.lastName],
      [frozen.name.suffix, next.name.suffix],
    ])
  ) {
    changed.push('name');
  }
  if ((frozen.dob ?? '') !== (next.dob ?? '')) changed.push('dob');
  const [a, b] = [frozen.residence, next.residence];
  const sameResidence =
    a === null || b === null
      ? a === b
      : sameText([
          [a.street1, b.street1],
          [a.street2, b.street2],
          [a.city, b.city],
          [a.state, b.state],
          [a.zip, b.zip],
          [a.country, b.country],
        ]);
  if (!sameResidence) changed.push('residence');
  return changed;
}
