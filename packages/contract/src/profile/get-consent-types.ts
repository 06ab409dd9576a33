import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZConsentType } from '../entities/profile.js';

export const ZGetConsentTypesResponse = z.array(ZConsentType);
export type TGetConsentTypesResponse = z.infer<typeof ZGetConsentTypesResponse>;

/** A consent the borrower has not given at its current version answers `OPT_OUT`. */
export const getConsentTypes = defineEndpoint({
  method: 'GET',
  path: '/service-profile/api/v1/profile/consent-types',
  auth: 'bearer',
  summary: 'The current version of every consent, with the borrower’s choice for each',
  response: ZGetConsentTypesResponse,
});
