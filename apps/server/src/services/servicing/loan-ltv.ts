/**
 * A loan's LTV at today's price, on its interest-bearing balance and the collateral held now
 * (the pledged coins, plus deposits, less what a liquidation sold); null while no price is known.
 */
import {
  balanceLtvPct,
  Decimal,
  initialLtvPct,
  isOfferedCollateralType,
  rateTierById,
  riskThresholds,
  toCoinQuantity,
  type TRateTier,
  type TRiskThresholds,
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

type TLoanFacts = Pick<TLoanContext, 'loan' | 'offer'>;

export function tierOf(context: TLoanFacts): TRateTier {
  const id = context.loan.riskTierId ?? context.offer.tierId;
  const tier = rateTierById(id);
  if (tier === null) throw new Error(`Unknown rate tier ${id}`);
  return tier;
}

/**
 * The LTV the loan started at (2 decimals): its offer's amount, the draw with the capitalised fee,
 * against the coins pledged at the offer's price (ltv.ts of the domain: one definition).
 */
export function initialLtvOf(context: Pick<TLoanContext, 'offer'>): number {
  const { offer } = context;
  return Number(
    initialLtvPct({
      amountCents: offer.amountCents,
      coinQuantity: offer.collateralUnits,
      priceCents: offer.priceCents,
    }).toFixed(2, Decimal.ROUND_HALF_UP),
  );
}

/** The loan's warning, courtesy, margin-call and liquidation levels (85 % with stabilization). */
export function thresholdsOf(context: TLoanFacts): TRiskThresholds {
  return riskThresholds(tierOf(context), { stabilization: context.loan.stabilization });
}

/** The coin held as collateral now. */
export function collateralUnitsOf(context: TLoanFacts): string {
  return context.loan.collateralUnits ?? context.offer.collateralUnits;
}

/** The coin pledged. */
export function collateralTypeOf(context: TLoanFacts): string {
  return context.loan.collateralType ?? context.offer.collateralType;
}

export function ltvOf(
  context: TLoanFacts,
  interestBearingCents: number,
  priceCents: number | null,
): number | null {
  if (priceCents === null || interestBearingCents <= 0) return priceCents === null ? null : 0;
  const units = collateralUnitsOf(context);
  if (toCoinQuantity(units).isZero()) return null;
  return balanceLtvPct(interestBearingCents, units, priceCents);
}
