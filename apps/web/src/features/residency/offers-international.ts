import type { TBrand } from '@pledge/contract';

/**
 * Whether the brand lends to international residents: only where it is enabled, and never for a
 * markets-credit brand, which hides the International choice (document 1 §1).
 */
export function offersInternational(brand: TBrand): boolean {
  return brand.internationalEnabled && !brand.flags.marketsCredit;
}
