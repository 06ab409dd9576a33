import {
  isDomainError,
  isServicedState,
  OFFER_REFUSAL_MESSAGES,
  OFFERED_COLLATERAL_TYPES,
  readResidence,
  type TOfferedCollateralType,
  type TResidence,
} from '@pledge/domain';
import type { TCountryRules } from './hooks/use-country-rules.js';

/** What the borrower typed on the offer page, as typed. */
export interface TOfferInputs {
  collateralType: TOfferedCollateralType;
  collateralAmount: string;
  cashToBorrow: string;
}

const INPUT_KEYS = ['collateralType', 'collateralAmount', 'cashToBorrow'] as const;

function isOfferedType(value: string | null): value is TOfferedCollateralType {
  return (OFFERED_COLLATERAL_TYPES as readonly (string | null)[]).includes(value);
}

/**
 * The inputs kept in the page's query, so that they survive a sign-in that returns to the same
 * address; the first offered coin when none is given.
 */
export function offerInputsFromQuery(params: URLSearchParams): TOfferInputs {
  const type = params.get('collateralType');
  return {
    collateralType: isOfferedType(type) ? type : OFFERED_COLLATERAL_TYPES[0],
    collateralAmount: params.get('collateralAmount')?.trim() ?? '',
    cashToBorrow: params.get('cashToBorrow')?.trim() ?? '',
  };
}

/** The query with the inputs written in (empty ones left out); other parameters are kept. */
export function queryWithOfferInputs(
  params: URLSearchParams,
  inputs: TOfferInputs,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of INPUT_KEYS) {
    const value = inputs[key].trim();
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export type TQueryResidence =
  | { isOfferable: true; residence: TResidence }
  | { isOfferable: false; message: string }
  /** A country is named, and the rules that look it up have not been given. */
  | { isOfferable: null };

/**
 * The residence the page was opened for (?state= or ?countryCode=), or why no offer can be made
 * for it: unknown, not serviced, or international for a brand that lends only in the US. A state
 * is decided at once; a country needs `countryRules`, which come with the list of every country.
 */
export function residenceFromQuery(
  params: URLSearchParams,
  {
    offersInternational,
    countryRules,
  }: {
    offersInternational: boolean;
    countryRules?: Pick<TCountryRules, 'isServiced' | 'parseResidence'>;
  },
): TQueryResidence {
  const input = { state: params.get('state'), countryCode: params.get('countryCode') };
  let residence: TResidence;
  try {
    residence = readResidence(input);
    if (residence.kind === 'country') {
      if (countryRules === undefined) return { isOfferable: null };
      residence = countryRules.parseResidence(input);
    }
  } catch (error) {
    if (isDomainError(error)) return { isOfferable: false, message: error.message };
    throw error;
  }
  if (residence.kind === 'country' && !offersInternational) {
    return { isOfferable: false, message: OFFER_REFUSAL_MESSAGES.COUNTRY_NOT_ENABLED };
  }
  if (residence.kind === 'state' && !isServicedState(residence.state)) {
    return { isOfferable: false, message: OFFER_REFUSAL_MESSAGES.STATE_NOT_SERVICED };
  }
  if (residence.kind === 'country' && countryRules?.isServiced(residence) !== true) {
    return { isOfferable: false, message: OFFER_REFUSAL_MESSAGES.COUNTRY_NOT_ENABLED };
  }
  return { isOfferable: true, residence };
}

/** The residence as the pricing calls name it. */
export function residenceFields(
  residence: TResidence,
): { state: string } | { countryCode: string } {
  return residence.kind === 'state'
    ? { state: residence.state }
    : { countryCode: residence.countryCode };
}
