/**
 * Where a borrower lives: a US state (or DC) or another country. Decides loan limits, fees and
 * whether loans are offered at all (document 1 §3 Residence, §9; document 2 §5). The rules that
 * need no country list live in residence-core.ts; this module adds those that look countries up.
 */
import { COUNTRIES, type TCountry } from './constants/countries.js';
import {
  isServicedState,
  readResidence,
  residenceError,
  type TResidence,
} from './residence-core.js';
import { RESIDENCE_MESSAGES } from './residence-messages.js';
import { compareByName } from './words.js';

export {
  isInternational,
  isServicedState,
  isUsStateCode,
  listValidStates,
  loanLimitsUsd,
  readResidence,
  type TLoanLimitsUsd,
  type TResidence,
  type TValidState,
} from './residence-core.js';
export { RESIDENCE_MESSAGES } from './residence-messages.js';

const US_COUNTRY_CODE = 'US';
const COUNTRIES_BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

export function findCountry(code: string): TCountry | undefined {
  return COUNTRIES_BY_CODE.get(code);
}

/** Every known country, enabled or not, sorted by name. */
export function listCountries(): TCountry[] {
  return [...COUNTRIES].sort(compareByName);
}

/** What the international picker offers: enabled countries only, never the US, by name. */
export function selectableCountries(): TCountry[] {
  return listCountries().filter((country) => country.enabled && country.code !== US_COUNTRY_CODE);
}

/** Whether loans are offered to this residence: a serviced state, or an enabled country. */
export function isServiced(residence: TResidence): boolean {
  if (residence.kind === 'state') return isServicedState(residence.state);
  return findCountry(residence.countryCode)?.enabled === true;
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
  const residence = readResidence(input);
  if (residence.kind === 'country' && findCountry(residence.countryCode) === undefined) {
    throw residenceError('countryCode', RESIDENCE_MESSAGES.unknownCountry);
  }
  return residence;
}
