import type { TGetValidCountriesResponse } from '@pledge/contract';
import { listCountries } from '@pledge/domain';
import { deepFreeze } from './deep-freeze.js';

/** The list is constant: built once, frozen, and encoded once by the serializer. */
let countries: TGetValidCountriesResponse | undefined;

/** Every country of residence the product knows, with whether loans are offered there. */
export function listResidenceCountries(): TGetValidCountriesResponse {
  countries ??= deepFreeze(
    listCountries().map(({ code, name, enabled }) => ({ code, name, enabled })),
  );
  return countries;
}
