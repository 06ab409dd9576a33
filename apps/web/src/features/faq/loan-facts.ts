/**
 * The loan's terms in words, for the FAQ, the offer page's footnotes and its LTV explanation. Every
 * figure comes from the domain constants; nothing here is a number of its own.
 */
import {
  Decimal,
  DEFAULT_MIN_LOAN_USD_DOMESTIC,
  formatUsd,
  listInWords,
  NO_ORIGINATION_FEE_STATES,
  ORIGINATION_FEE_BPS_BY_STATE,
  ORIGINATION_FEE_DOMESTIC_BPS,
  ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE,
  ORIGINATION_FEE_INTERNATIONAL_BPS,
  US_STATES,
  type TUsStateCode,
} from '@pledge/domain';

/** Basis points as a percent in its shortest form: 891 → "8.91%", 100 → "1%". */
export function percentFromBps(bps: number): string {
  return `${new Decimal(bps).div(100).toString()}%`;
}

/** "$250" for whole dollars, "$30.50" otherwise. */
export function dollarsFromCents(cents: number): string {
  return formatUsd(cents, { decimals: cents % 100 === 0 ? 0 : 2 });
}

const STATE_NAMES = new Map<string, string>(US_STATES.map((entry) => [entry.code, entry.name]));

export function stateName(code: string): string {
  return STATE_NAMES.get(code) ?? code;
}

function entriesOf<V>(record: Readonly<Partial<Record<TUsStateCode, V>>>): [TUsStateCode, V][] {
  return Object.entries(record) as [TUsStateCode, V][];
}

/**
 * The origination fee rules of document 1 §9, one sentence each; the international fee only for a
 * brand that lends to international residents.
 */
export function originationFeeRules({
  isInternationalOffered,
}: {
  isInternationalOffered: boolean;
}): string[] {
  const flatMinimums = entriesOf(ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE).map(
    ([state, cents]) => `${stateName(state)} ${dollarsFromCents(cents)}`,
  );
  const statePercentages = entriesOf(ORIGINATION_FEE_BPS_BY_STATE).map(
    ([state, bps]) =>
      `In ${stateName(state)} the fee is ${percentFromBps(bps)} of the cash you borrow.`,
  );
  return [
    isInternationalOffered
      ? `The origination fee is ${percentFromBps(ORIGINATION_FEE_DOMESTIC_BPS)} of the cash you borrow for US residents and ${percentFromBps(ORIGINATION_FEE_INTERNATIONAL_BPS)} for international residents. It is added to your loan amount rather than paid up front.`
      : `The origination fee is ${percentFromBps(ORIGINATION_FEE_DOMESTIC_BPS)} of the cash you borrow. It is added to your loan amount rather than paid up front.`,
    `No origination fee is charged in ${listInWords(NO_ORIGINATION_FEE_STATES.map(stateName))}.`,
    `In some states the fee is the greater of ${percentFromBps(ORIGINATION_FEE_DOMESTIC_BPS)} or a flat amount: ${listInWords(flatMinimums)}.`,
    ...statePercentages,
  ];
}

/** "$5,000" */
export const DEFAULT_MIN_LOAN_TEXT = dollarsFromCents(DEFAULT_MIN_LOAN_USD_DOMESTIC * 100);
