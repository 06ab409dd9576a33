import { z } from 'zod/mini';
import { ZCoinQuantity, ZPercent, ZUsd } from '../wire.js';

/** Rate band (spec §3): one pricing tier with its LTV window and amount limits. */
export const ZRateBand = z.object({
  tierId: z.string().check(z.minLength(1)),
  /** Interest rate, percent. */
  rate: ZPercent,
  minLtv: ZPercent,
  maxLtv: ZPercent,
  minAmountUsd: ZUsd,
  maxAmountUsd: ZUsd,
  /** Coins still to add before this band can be chosen; "0" when it already fits. */
  additionalCoinQuantityNeeded: ZCoinQuantity,
  eligible: z.boolean(),
});
export type TRateBand = z.infer<typeof ZRateBand>;
