import { z } from 'zod/mini';
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
  orgCode: z.optional(ZOrgCode),
});
export type TPostRatesQuery = z.infer<typeof ZPostRatesQuery>;

export const ZPostRatesBody = z
  .extend(ZResidenceFields, {
    coinQuantity: ZCoinQuantityInput,
    collateralType: z.enum(OFFERED_COLLATERAL_TYPES),
    /** US dollars the borrower would like; without it every band is priced for the coins alone. */
    requestedAmount: z.optional(ZPositiveUsd),
  })
  .check(z.superRefine(refineExactlyOneResidence));
export type TPostRatesBody = z.infer<typeof ZPostRatesBody>;

export const ZPostRatesResponse = z.object({
  rates: z.array(ZRateBand),
  /** LTV of the requested amount against the coins, percent; null without a requested amount. */
  currentLtv: z.nullable(ZPercent),
  eligibleTierId: z.nullable(z.string().check(z.minLength(1))),
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
