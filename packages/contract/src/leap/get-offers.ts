import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZOffer } from '../entities/offer.js';
import { ZAppParams } from '../wire.js';

export const ZGetOffersResponse = z.array(ZOffer);
export type TGetOffersResponse = z.infer<typeof ZGetOffersResponse>;

export const getOffers = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/offers`,
  auth: 'bearer',
  summary: 'The offers currently made on the application',
  params: ZAppParams,
  response: ZGetOffersResponse,
});
