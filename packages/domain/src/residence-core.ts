/**
 * The residence rules that need no country list (document 1 §3 Residence, §9; document 2 §5): a
 * page for a US state decides everything with these and never downloads every country's name.
 * residence.ts adds the rules that look a country up, and exports both.
 */
import {
  DEFAULT_MAX_LOAN_USD,
  DEFAULT_MIN_LOAN_USD_DOMESTIC,
  DEFAULT_MIN_LOAN_USD_INTERNATIONAL,
} from './constants/limits.js';
import {
  STATE_MIN_LOAN_USD,
  UNSERVICED_STATE_CODES,
  US_STATES,
  type TUsStateCode,
} from './constants/states.js';
import { DomainError } from './errors.js';
import { RESIDENCE_MESSAGES } from './residence-messages.js';

export type TResidence =
  { kind: 'state'; state: TUsStateCode } | { kind: 'country'; countryCode: string };

export type TValidState = {
  state: TUsStateCode;
  name: string;
  rateEnabled: boolean;
  /** Whole US dollars. */
  minLoanAmount: number;
  /** Whole US dollars. */
  maxLoanAmount: number;
};

export type TLoanLimitsUsd = { min: number; max: number };

const US_COUNTRY_CODE = 'US';
const STATE_CODES = new Set<string>(US_STATES.map((entry) => entry.code));

export function isUsStateCode(code: string): code is TUsStateCode {
  return STATE_CODES.has(code);
}

function stateLimitsUsd(state: TUsStateCode): TLoanLimitsUsd {
  return {
    min: STATE_MIN_LOAN_USD[state] ?? DEFAULT_MIN_LOAN_USD_DOMESTIC,
    max: DEFAULT_MAX_LOAN_USD,
  };
}

/** Every state and DC, by name, with its limits; unserviced ones carry rateEnabled false. */
export function listValidStates(): TValidState[] {
  return US_STATES.map(({ code, name }) => {
    const limits = stateLimitsUsd(code);
    return {
      state: code,
      name,
      rateEnabled: isServicedState(code),
      minLoanAmount: limits.min,
      maxLoanAmount: limits.max,
    };
  });
}

export function isInternational(residence: TResidence): boolean {
  return residence.kind === 'country';
}

/** Whether loans are offered in this state (isServiced answers for any residence). */
export function isServicedState(state: TUsStateCode): boolean {
  return !UNSERVICED_STATE_CODES.includes(state);
}

/** The cash a borrower of this residence may borrow, in whole US dollars. */
export function loanLimitsUsd(residence: TResidence): TLoanLimitsUsd {
  if (residence.kind === 'state') return stateLimitsUsd(residence.state);
  return { min: DEFAULT_MIN_LOAN_USD_INTERNATIONAL, max: DEFAULT_MAX_LOAN_USD };
}

export function residenceError(field: 'state' | 'countryCode', message: string): DomainError {
  return new DomainError('INVALID_RESIDENCE', message, { [field]: [message] });
}

/**
 * parseResidence's checks that need no country list: exactly one of a state code or a country code
 * (case-insensitive), a known state, and not the US as a country. A country code comes back
 * unchecked against the list: a state is a parsed residence, a country is one only once
 * parseResidence has found it.
 */
export function readResidence(input: {
  state?: string | null;
  countryCode?: string | null;
}): TResidence {
  const state = input.state?.trim().toUpperCase() ?? '';
  const countryCode = input.countryCode?.trim().toUpperCase() ?? '';
  if (state !== '' && countryCode !== '') {
    throw new DomainError('INVALID_RESIDENCE', RESIDENCE_MESSAGES.bothGiven, {
      state: [RESIDENCE_MESSAGES.bothGiven],
      countryCode: [RESIDENCE_MESSAGES.bothGiven],
    });
  }
  if (state !== '') {
    if (!isUsStateCode(state)) throw residenceError('state', RESIDENCE_MESSAGES.unknownState);
    return { kind: 'state', state };
  }
  if (countryCode !== '') {
    if (countryCode === US_COUNTRY_CODE) {
      throw residenceError('countryCode', RESIDENCE_MESSAGES.usAsCountry);
    }
    return { kind: 'country', countryCode };
  }
  throw new DomainError('INVALID_RESIDENCE', RESIDENCE_MESSAGES.required, {
    state: [RESIDENCE_MESSAGES.required],
  });
}
