import { z } from 'zod/mini';
import { COLLATERAL_TYPES } from '@pledge/domain';
import { ZCoinQuantity, ZIsoDateTime, ZUsd } from '../wire.js';

/** Crypto value (spec §3): the price of one coin and the smallest quantity an offer accepts. */
export const ZCryptoValue = z.object({
  collateralType: z.enum(COLLATERAL_TYPES),
  /** US dollars for one whole coin. */
  valueOfOne: ZUsd,
  minCoinQuantity: ZCoinQuantity,
  priceAsOf: ZIsoDateTime,
});
export type TCryptoValue = z.infer<typeof ZCryptoValue>;
