/**
 * Whether a renewal still waits for collateral (document 1 §4): some of the top-up asked for has
 * not arrived. It decides where a renewal goes after its last signature (collateral or complete).
 */
import { toCoinQuantity } from './money.js';

export function isRenewalCollateralDue(
  rollForwardLoanDetails: {
    readonly remainingTopUpAmount: { readonly coinQuantity: string };
  } | null,
): boolean {
  if (rollForwardLoanDetails === null) return false;
  return toCoinQuantity(rollForwardLoanDetails.remainingTopUpAmount.coinQuantity).greaterThan(0);
}
