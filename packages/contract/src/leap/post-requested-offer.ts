import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZRequestedCollateralFields } from '../entities/requested-collateral.js';
import { refineExactlyOneResidence, ZResidenceFields } from '../entities/residence.js';
import { ZAppParams, ZPositiveUsd } from '../wire.js';

export const ZPostRequestedOfferBody = z
  .extend(ZResidenceFields, {
    /** Cash to borrow, US dollars. */
    requestedAmount: ZPositiveUsd,
    ...ZRequestedCollateralFields.shape,
  })
  .check(z.superRefine(refineExactlyOneResidence));
export type TPostRequestedOfferBody = z.infer<typeof ZPostRequestedOfferBody>;

export const postRequestedOffer = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/requested-offer`,
  auth: 'bearer',
  summary: 'Price the requested amount and collateral; the answer carries the new offers',
  params: ZAppParams,
  body: ZPostRequestedOfferBody,
  response: ZApplication,
});
