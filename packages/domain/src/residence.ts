/**
 * Where a borrower lives: a US state (or DC) or another country. Decides loan limits, fees and
 * whether loans are offered at all (document 1 §3 Residence, §9; document 2 §5).
 */
import { COUNTRIES, type TCountry } from './constants/countries.js';
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

export { RESIDENCE_MESSAGES } from './residence-messages.js';

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
const COUNTRIES_BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));
const byName = new Intl.Collator('en').compare;

export function isUsStateCode(code: string): code is TUsStateCode {
  return STATE_CODES.has(code);
}

export function findCountry(code: string): TCountry | undefined {
  return COUNTRIES_BY_CODE.get(code);
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
      rateEnabled: !UNSERVICED_STATE_CODES.includes(code),
      minLoanAmount: limits.min,
      maxLoanAmount: limits.max,
    };
  });
}

/** Every known country, enabled or not, sorted by name. */
export function listCountries(): TCountry[] {
  return [...COUNTRIES].sort((a, b) => byName(a.name, b.name));
}

/** What the international picker offers: enabled countries only, never the US, by name. */
export function selectableCountries(): TCountry[] {
  return listCountries().filter((country) => country.enabled && country.code !== US_COUNTRY_CODE);
}

export function isInternational(residence: TResidence): boolean {
  return residence.kind === 'country';
}

/** Whether loans are offered to this residence: a serviced state, or an enabled country. */
export function isServiced(residence: TResidence): boolean {
  if (residence.kind === 'state') return !UNSERVICED_STATE_CODES.includes(residence.state);
  return findCountry(residence.countryCode)?.enabled === true;
}

/** The cash a borrower of this residence may borrow, in whole US dollars. */
export function loanLimitsUsd(residence: TResidence): TLoanLimitsUsd {
  if (residence.kind === 'state') return stateLimitsUsd(residence.state);
  return { min: DEFAULT_MIN_LOAN_USD_INTERNATIONAL, max: DEFAULT_MAX_LOAN_USD };
}

function residenceError(field: 'state' | 'countryCode', message: string): DomainError {
  return new DomainError('INVALID_RESIDENCE', message, { [field]: [message] });
}

/**
 * The residence named by a request: exactly one of a state code or a country code (case-insensitive).
 * A known but unserviced state or disabled country parses; whether loans are offered is isServiced's
 * answer, so the caller can say why.
 */
export function parseResidence(input: {
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
    if (findCountry(countryCode) === undefined) {
      throw residenceError('countryCode', RESIDENCE_MESSAGES.unknownCountry);
    }
    return { kind: 'country', countryCode };
  }
  throw new DomainError('INVALID_RESIDENCE', RESIDENCE_MESSAGES.required, {
    state: [RESIDENCE_MESSAGES.required],
  });
}
