import { z } from 'zod/mini';
import { REFI_FORM_MESSAGES } from '@pledge/domain';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZRefinancingApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

/**
 * The refinancing submit. `hasSentCollateral` must be true only once a top-up is requested; the
 * server applies that rule (makeRefiTopUpConfirmationSchema) against the application's state.
 */
export const ZPostCelsiusRefiBorrowerConfirmationBody = z.object({
  offerUuid: z.uuid({ error: REFI_FORM_MESSAGES.rateRequired }),
  hasSentCollateral: z._default(z.boolean(), false),
});
export type TPostCelsiusRefiBorrowerConfirmationBody = z.infer<
  typeof ZPostCelsiusRefiBorrowerConfirmationBody
>;

export const postCelsiusRefiBorrowerConfirmation = defineEndpoint({
  method: 'POST',
  path: `${REFI}/applications/:appUuid/collateral/celsius-refi-borrower-confirmation`,
  auth: 'bearer',
  summary: 'Submit the refinancing choice, or confirm the requested top-up was sent',
  params: ZAppParams,
  body: ZPostCelsiusRefiBorrowerConfirmationBody,
  /** SIGN_DOCS, or a top-up state when the offer needs more collateral. */
  response: ZRefinancingApplication,
});
