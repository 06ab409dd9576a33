/**
 * The residency page's form (document 1 §5): United States with a state, or International with a
 * country.
 */
import { z } from 'zod/mini';
import { RESIDENCY_TYPES } from '../enums.js';
import { OFFER_REFUSAL_MESSAGES } from '../offer-messages.js';
import {
  RESIDENCE_MESSAGES,
  findCountry,
  isServiced,
  isUsStateCode,
  type TResidence,
} from '../residence.js';
import { addCustomIssue } from './issues.js';

export const NOT_SERVICED_MESSAGE = OFFER_REFUSAL_MESSAGES.STATE_NOT_SERVICED;

export const RESIDENCY_MESSAGES = {
  required: RESIDENCE_MESSAGES.required,
  stateNotServiced: NOT_SERVICED_MESSAGE,
  countryNotServiced: OFFER_REFUSAL_MESSAGES.COUNTRY_NOT_ENABLED,
} as const;

const US_COUNTRY_CODE = 'US';

/** The picked state or country as a residence, or null when it names no known place. */
export function residenceFromSelection(input: {
  residency: (typeof RESIDENCY_TYPES)[number];
  stateOrCountry: string;
}): TResidence | null {
  const code = input.stateOrCountry.trim().toUpperCase();
  if (input.residency === 'UNITED_STATES') {
    return isUsStateCode(code) ? { kind: 'state', state: code } : null;
  }
  return code !== US_COUNTRY_CODE && findCountry(code) !== undefined
    ? { kind: 'country', countryCode: code }
    : null;
}

/**
 * Both choices are required ('Please select an option'). A state that is not rate-enabled (or a
 * country that is not enabled) is refused with its message: the page shows 'Join Waitlist' instead
 * of Continue for it.
 */
const ZResidencySelection = z.object({
  residency: z.enum(RESIDENCY_TYPES, { error: RESIDENCY_MESSAGES.required }),
  stateOrCountry: z
    .string({ error: RESIDENCY_MESSAGES.required })
    .check(z.trim(), z.minLength(1, { error: RESIDENCY_MESSAGES.required })),
});

export const ZResidencyForm = z.pipe(
  ZResidencySelection,
  z.transform((value: z.output<typeof ZResidencySelection>, payload) => {
    const residence = residenceFromSelection(value);
    if (residence === null) {
      addCustomIssue(payload, RESIDENCY_MESSAGES.required, ['stateOrCountry']);
      return z.NEVER;
    }
    if (!isServiced(residence)) {
      const message =
        residence.kind === 'state'
          ? RESIDENCY_MESSAGES.stateNotServiced
          : RESIDENCY_MESSAGES.countryNotServiced;
      addCustomIssue(payload, message, ['stateOrCountry']);
      return z.NEVER;
    }
    return { residency: value.residency, residence };
  }),
);
export type TResidencyFormInput = z.input<typeof ZResidencyForm>;
export type TResidencyForm = z.output<typeof ZResidencyForm>;

/** The /start query for a residence: ?state=XX or ?countryCode=YY. */
export function residenceQuery(residence: TResidence): { state: string } | { countryCode: string } {
  return residence.kind === 'state'
    ? { state: residence.state }
    : { countryCode: residence.countryCode };
}
