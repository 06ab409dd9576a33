import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

export const ZPostSelectOfferBody = z.object({
  offerUuid: z.uuid(),
});
export type TPostSelectOfferBody = z.infer<typeof ZPostSelectOfferBody>;

export const postSelectOffer = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/select-offer`,
  auth: 'bearer',
  summary: 'Accept an offer of a new loan or a renewal',
  params: ZAppParams,
  body: ZPostSelectOfferBody,
  response: ZApplication,
});
