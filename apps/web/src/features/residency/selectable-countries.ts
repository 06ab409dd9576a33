import type { TValidCountry } from '@pledge/contract';
import { compareByName } from '@pledge/domain';

const US_COUNTRY_CODE = 'US';

/**
 * The international picker's choices from the server's country list (document 2 §5): enabled
 * countries only, never the US, sorted by name.
 */
export function selectableCountries(countries: readonly TValidCountry[]): TValidCountry[] {
  return countries
    .filter((country) => country.enabled && country.code !== US_COUNTRY_CODE)
    .sort(compareByName);
}
