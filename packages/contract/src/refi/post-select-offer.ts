import { z } from 'zod/mini';
import { REFI_FORM_MESSAGES } from '@pledge/domain';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZRefinancingApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

export const ZPostRefiSelectOfferBody = z.object({
  offerUuid: z.uuid({ error: REFI_FORM_MESSAGES.rateRequired }),
});
export type TPostRefiSelectOfferBody = z.infer<typeof ZPostRefiSelectOfferBody>;

export const postRefiSelectOffer = defineEndpoint({
  method: 'POST',
  path: `${REFI}/applications/:appUuid/select-offer`,
  auth: 'bearer',
  summary: 'Choose the refinancing offer (collateral treatment); locked once submitted',
  params: ZAppParams,
  body: ZPostRefiSelectOfferBody,
  response: ZRefinancingApplication,
});
