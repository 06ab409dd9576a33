import { z } from 'zod/mini';
import { COLLATERAL_TYPES } from '@pledge/domain';
import { ZCoinQuantity } from '../wire.js';

/** A quantity of one coin: `{ coinQuantity: "0.5", type: "BTC" }`. */
export const ZCoinAmount = z.object({
  coinQuantity: ZCoinQuantity,
  type: z.enum(COLLATERAL_TYPES),
});
export type TCoinAmount = z.infer<typeof ZCoinAmount>;
