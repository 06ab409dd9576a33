import { z } from 'zod/mini';
import { OFFER_REFUSAL_MESSAGES, OFFERED_COLLATERAL_TYPES } from '@pledge/domain';
import { ZCoinQuantityInput } from '../wire.js';

/**
 * The collateral a borrower asks an offer on: a coin loans are offered against (any other is
 * refused with the domain's message) and how much of it. Used by the requested-offer call and the
 * sandbox loan, which walks the same flow.
 */
export const ZRequestedCollateralFields = z.object({
  collateralType: z.enum(OFFERED_COLLATERAL_TYPES, {
    error: OFFER_REFUSAL_MESSAGES.UNSUPPORTED_COLLATERAL,
  }),
  coinQuantity: ZCoinQuantityInput,
});
