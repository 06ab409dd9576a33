import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZDisbursement } from '../entities/disbursement.js';
import { ZAppParams } from '../wire.js';

/** The payout destination on record, or null before one is given. */
export const ZGetDisbursementResponse = z.object({ disbursement: z.nullable(ZDisbursement) });
export type TGetDisbursementResponse = z.infer<typeof ZGetDisbursementResponse>;

/**
 * The payout destination of one of the caller's applications, as saved (account numbers only as a
 * mask): what a payout page shows when the borrower comes back to it.
 */
export const getDisbursement = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/disbursement`,
  auth: 'bearer',
  summary: 'The saved payout destination (bank account mask or USDC wallet), or null',
  params: ZAppParams,
  response: ZGetDisbursementResponse,
});
