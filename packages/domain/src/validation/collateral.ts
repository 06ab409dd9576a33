/**
 * The collateral page's form (document 1 §5) and the refinancing top-up confirmation (document 2 §5).
 */
import { z } from 'zod/mini';
import { DEFAULT_WALLET_SOURCE_TYPE, WALLET_SOURCE_TYPES } from '../enums.js';

export const COLLATERAL_FORM_MESSAGES = {
  checkboxLabel: 'I have sent the required amount of collateral',
  required: 'Required',
  walletType: 'Select a wallet type',
} as const;

/** The body of the source-wallet-type call: SELF_HOSTED or CUSTODIAL. */
export const ZWalletSourceType = z.enum(WALLET_SOURCE_TYPES, {
  error: COLLATERAL_FORM_MESSAGES.walletType,
});

export const ZCollateralConfirmation = z.object({
  hasSentCollateral: z.literal(true, { error: COLLATERAL_FORM_MESSAGES.required }),
  walletType: z._default(ZWalletSourceType, DEFAULT_WALLET_SOURCE_TYPE),
});
export type TCollateralConfirmation = z.infer<typeof ZCollateralConfirmation>;

/**
 * Refinancing top-up: the borrower must confirm the deposit only once a top-up is requested; before
 * that the box is not shown and the value is free.
 */
export function makeRefiTopUpConfirmationSchema(options: { topUpRequested: boolean }) {
  return z.object({
    hasSentCollateral: options.topUpRequested
      ? z.literal(true, { error: COLLATERAL_FORM_MESSAGES.required })
      : z._default(z.boolean(), false),
  });
}
