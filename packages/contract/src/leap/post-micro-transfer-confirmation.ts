import type { z } from 'zod/mini';
import { ZMicroTransferConfirmation } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

/** The checkbox that the USDC test transfer arrived; it must be ticked. */
export const ZPostMicroTransferConfirmationBody = ZMicroTransferConfirmation;
export type TPostMicroTransferConfirmationBody = z.infer<typeof ZPostMicroTransferConfirmationBody>;

export const postMicroTransferConfirmation = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/disbursement/micro-transfer-confirmation`,
  auth: 'bearer',
  summary: 'The international borrower confirms the USDC test transfer arrived',
  params: ZAppParams,
  body: ZPostMicroTransferConfirmationBody,
  response: ZApplication,
});
