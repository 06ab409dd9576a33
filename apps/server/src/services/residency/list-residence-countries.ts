import type { TGetValidCountriesResponse } from '@pledge/contract';
import { listCountries } from '@pledge/domain';

/** Every country of residence the product knows, with whether loans are offered there. */
export function listResidenceCountries(): TGetValidCountriesResponse {
  return listCountries().map(({ code, name, enabled }) => ({ code, name, enabled }));
}
