import { z } from 'zod';
import { OFFERED_COLLATERAL_TYPES } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZRateBand } from '../entities/rate-band.js';
import { refineExactlyOneResidence, ZResidenceFields } from '../entities/residence.js';
import {
  ZCoinQuantityInput,
  ZIsoDateTime,
  ZOrgCode,
  ZPercent,
  ZPositiveUsd,
  ZUsd,
} from '../wire.js';

export const ZPostRatesQuery = z.object({
  orgCode: ZOrgCode.optional(),
});
export type TPostRatesQuery = z.infer<typeof ZPostRatesQuery>;

export const ZPostRatesBody = ZResidenceFields.extend({
  coinQuantity: ZCoinQuantityInput,
  collateralType: z.enum(OFFERED_COLLATERAL_TYPES),
  /** US dollars the borrower would like; without it every band is priced for the coins alone. */
  requestedAmount: ZPositiveUsd.optional(),
}).superRefine(refineExactlyOneResidence);
export type TPostRatesBody = z.infer<typeof ZPostRatesBody>;

export const ZPostRatesResponse = z.object({
  rates: z.array(ZRateBand),
  /** LTV of the requested amount against the coins, percent; null without a requested amount. */
  currentLtv: ZPercent.nullable(),
  eligibleTierId: z.string().min(1).nullable(),
  valueOfOne: ZUsd,
  priceAsOf: ZIsoDateTime,
});
export type TPostRatesResponse = z.infer<typeof ZPostRatesResponse>;

export const postRates = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/insecure/api/v1/rates`,
  auth: 'none',
  summary: 'Rate bands for a coin quantity and collateral type in a state or country',
  query: ZPostRatesQuery,
  body: ZPostRatesBody,
  response: ZPostRatesResponse,
});
