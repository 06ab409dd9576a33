import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZPostRatesResponse } from './post-rates.js';
import { ZCoinQuantityInputOrZero, ZOrgCode } from '../wire.js';

export const ZPostRollForwardRatesBody = z.object({
  /** The funded loan being renewed. */
  appUuid: z.uuid(),
  /** Coins added to the current collateral; "0" to renew on the collateral alone. */
  topUpQuantity: ZCoinQuantityInputOrZero,
  organization: ZOrgCode,
});
export type TPostRollForwardRatesBody = z.infer<typeof ZPostRollForwardRatesBody>;

/** The new-loan rates' shape, priced for the loan's balance and its collateral plus the top-up. */
export const ZPostRollForwardRatesResponse = ZPostRatesResponse;
export type TPostRollForwardRatesResponse = z.infer<typeof ZPostRollForwardRatesResponse>;

export const postRollForwardRates = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/roll-forward/rates`,
  auth: 'bearer',
  summary: 'Rate bands for renewing a loan with an optional collateral top-up',
  body: ZPostRollForwardRatesBody,
  response: ZPostRollForwardRatesResponse,
});
