import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZOffer } from '../entities/offer.js';
import { ZAppParams } from '../wire.js';

export const getSelectedOffer = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/selected-offer`,
  auth: 'bearer',
  summary: 'The accepted offer (404 NO_SELECTED_OFFER until one is accepted)',
  params: ZAppParams,
  response: ZOffer,
});
