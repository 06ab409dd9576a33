import {
  DomainError,
  OFFER_REFUSAL_MESSAGES,
  parseResidence,
  type TResidence,
} from '@pledge/domain';
import { brandFor, offersInternational } from '../../brands/brands.js';

/**
 * The residence a pricing request names, refused (400 with field messages) when it is unknown, or
 * international for a brand that does not lend abroad.
 */
export function resolveResidence(input: {
  state?: string | undefined;
  countryCode?: string | undefined;
  orgCode?: string | undefined;
}): TResidence {
  const residence = parseResidence({ state: input.state, countryCode: input.countryCode });
  if (residence.kind === 'country' && !offersInternational(brandFor(input.orgCode, false))) {
    const message = OFFER_REFUSAL_MESSAGES.COUNTRY_NOT_ENABLED;
    throw new DomainError('COUNTRY_NOT_ENABLED', message, { countryCode: [message] });
  }
  return residence;
}
