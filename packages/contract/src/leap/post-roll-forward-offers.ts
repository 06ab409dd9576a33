import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZAppParams, ZOrgCode } from '../wire.js';

export const ZPostRollForwardOffersBody = z.object({
  organization: ZOrgCode,
});
export type TPostRollForwardOffersBody = z.infer<typeof ZPostRollForwardOffersBody>;

export const postRollForwardOffers = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v2/applications/:appUuid/roll-forward/offers`,
  auth: 'bearer',
  summary: 'Open or refresh the renewal of a funded loan and answer it with its offers',
  params: ZAppParams,
  body: ZPostRollForwardOffersBody,
  /** The renewal application (isRollForward) with its offers; calling again refreshes the offers. */
  response: ZApplication,
});
