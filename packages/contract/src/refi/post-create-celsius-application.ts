import { z } from 'zod/mini';
import { ZCelsiusLoanIdForm } from '@pledge/domain';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZRefinancingApplication } from '../entities/application.js';

/** A loan id of the old lender; every eligible loan combined with it is looked up. */
export const ZPostCreateCelsiusApplicationBody = ZCelsiusLoanIdForm;
export type TPostCreateCelsiusApplicationBody = z.infer<typeof ZPostCreateCelsiusApplicationBody>;

/** Every refinancing application the lookup found or already had; empty when none is eligible. */
export const ZPostCreateCelsiusApplicationResponse = z.array(ZRefinancingApplication);
export type TPostCreateCelsiusApplicationResponse = z.infer<
  typeof ZPostCreateCelsiusApplicationResponse
>;

export const postCreateCelsiusApplication = defineEndpoint({
  method: 'POST',
  path: `${REFI}/applications/create-celsius`,
  auth: 'bearer',
  summary: 'Look up the old lender’s loans by loan id and open refinancing applications for them',
  body: ZPostCreateCelsiusApplicationBody,
  response: ZPostCreateCelsiusApplicationResponse,
});
