import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { ZConsentType } from '../entities/profile.js';

export const ZGetConsentTypesResponse = z.array(ZConsentType);
export type TGetConsentTypesResponse = z.infer<typeof ZGetConsentTypesResponse>;

export const getConsentTypes = defineEndpoint({
  method: 'GET',
  path: '/service-profile/api/v1/profile/consent-types',
  auth: 'bearer',
  summary: 'The current version of every consent, with the borrower’s choice for each',
  response: ZGetConsentTypesResponse,
});
