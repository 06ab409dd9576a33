import type { z } from 'zod/mini';
import { ZManualBankForm } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZDisbursement } from '../entities/disbursement.js';
import { ZAppParams } from '../wire.js';

export const ZPostManualBankBody = ZManualBankForm;
export type TPostManualBankBody = z.infer<typeof ZPostManualBankBody>;

export const postManualBank = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/disbursement/manual-bank`,
  auth: 'bearer',
  summary: 'Save a typed-in bank account for the ACH payout (US residents)',
  params: ZAppParams,
  body: ZPostManualBankBody,
  /** The account number comes back as its last four digits only. */
  response: ZDisbursement,
});
