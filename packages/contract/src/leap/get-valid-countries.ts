import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZCountryCode } from '../wire.js';

export const ZValidCountry = z.object({
  code: ZCountryCode,
  name: z.string().check(z.minLength(1)),
  /** False for countries where loans are not offered. */
  enabled: z.boolean(),
});
export type TValidCountry = z.infer<typeof ZValidCountry>;

export const ZGetValidCountriesResponse = z.array(ZValidCountry);
export type TGetValidCountriesResponse = z.infer<typeof ZGetValidCountriesResponse>;

export const getValidCountries = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/insecure/api/v1/countries/valid`,
  auth: 'none',
  summary: 'Countries of residence for international borrowers, with whether each is enabled',
  response: ZGetValidCountriesResponse,
});
