import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZAppParams, ZCoinQuantityInputOrZero } from '../wire.js';

export const ZPostRollForwardTopUpBody = z.object({
  topUpQuantity: ZCoinQuantityInputOrZero,
});
export type TPostRollForwardTopUpBody = z.infer<typeof ZPostRollForwardTopUpBody>;

export const postRollForwardTopUp = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/roll-forward/top-up`,
  auth: 'bearer',
  summary: 'Set the collateral a renewal adds; the renewal offers are then re-priced',
  params: ZAppParams,
  body: ZPostRollForwardTopUpBody,
  response: ZApplication,
});
