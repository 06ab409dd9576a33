/**
 * The offer form's checks (document 1 §5), built with zod: the offer page renders without them and
 * loads them right after (useOfferFormChecks), long before a borrower has typed an amount.
 */
import {
  countDecimals,
  isDecimalNumberText,
  MAX_COLLATERAL_DECIMALS,
  toCoinQuantity,
} from '@pledge/domain';

export { makeOfferFormSchema } from '@pledge/domain';

/** A typed collateral amount the rates call can price (above zero, at most 6 decimals), or null. */
export function pricableCoinQuantity(text: string): string | null {
  if (!isDecimalNumberText(text) || countDecimals(text) > MAX_COLLATERAL_DECIMALS) return null;
  const quantity = toCoinQuantity(text);
  return quantity.isZero() ? null : quantity.toString();
}
