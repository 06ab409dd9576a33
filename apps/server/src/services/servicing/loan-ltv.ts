/** A loan's LTV at today's price, on its interest-bearing balance; null while no price is known. */
import {
  balanceLtvPct,
  isOfferedCollateralType,
  rateTierById,
  type TRateTier,
} from '@pledge/domain';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TLoanContext } from './servicing-record.js';

export async function priceCentsOf(
  prices: TPricesPort,
  collateralType: string,
): Promise<number | null> {
  if (!isOfferedCollateralType(collateralType)) return null;
  try {
    return (await prices.getPrice(collateralType)).priceCents;
  } catch {
    return null;
  }
}

export function tierOf(context: TLoanContext): TRateTier {
  const tier = rateTierById(context.offer.tierId);
  if (tier === null) throw new Error(`Unknown rate tier ${context.offer.tierId}`);
  return tier;
}

export function ltvOf(
  context: TLoanContext,
  interestBearingCents: number,
  priceCents: number | null,
): number | null {
  if (priceCents === null || interestBearingCents <= 0) return priceCents === null ? null : 0;
  return balanceLtvPct(interestBearingCents, context.offer.collateralUnits, priceCents);
}
