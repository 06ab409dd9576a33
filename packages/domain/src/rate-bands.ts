/**
 * The rate table of the offer page (document 1 §3 Rate band; DESIGN §4 rates call): for a collateral
 * at a price, what each rate tier lets the borrower take and how much coin is missing for it.
 */
import { RATE_TIERS, type TRateTierId } from './constants/rates.js';
import { DomainError } from './errors.js';
import { additionalCoinQuantity, collateralValueCents, ltvPct, selectRateTier } from './ltv.js';
import { Decimal, coinQuantityString, toCoinQuantity, usdToCents } from './money.js';
import { assertOfferable } from './offer.js';
import { loanLimitsUsd, type TResidence } from './residence.js';

export type TRateBand = {
  tierId: TRateTierId;
  /** Interest rate in percent, 3 decimals ("8.910"). */
  rate: string;
  /** The band holds initial LTVs above minLtv up to and including maxLtv (percent). */
  minLtv: number;
  maxLtv: number;
  /**
   * Whole dollars of cash this collateral can borrow inside the band, clamped to the residence's
   * limits. When maxAmountUsd < minAmountUsd the band cannot be reached with this collateral.
   */
  minAmountUsd: number;
  maxAmountUsd: number;
  /**
   * Coin to add so that the requested cash (or, without one, the residence's minimum loan) falls
   * within maxLtv; 6 decimals, "0" when none is needed.
   */
  additionalCoinQuantityNeeded: string;
  eligible: boolean;
};

export type TRateBands = {
  rates: TRateBand[];
  /** Initial LTV of the requested cash, 2 decimals; only when cash was requested. */
  currentLtvPct?: string;
  eligibleTierId: TRateTierId | null;
};

export type TRateBandsInput = {
  collateralType: string;
  coinQuantity: Decimal | string;
  priceCents: number;
  residence: TResidence;
  requestedAmountUsd?: number;
};

/** Each tier's rate as the table shows it, in percent with 3 decimals ("8.910"). */
const TIER_RATES: ReadonlyMap<TRateTierId, string> = new Map(
  RATE_TIERS.map((tier) => [tier.id, new Decimal(tier.interestRateBps).div(100).toFixed(3)]),
);

/** Whole dollars of a Decimal amount of cents times a percentage, rounded down. */
function wholeDollarsAtPct(valueCents: Decimal, pct: number): number {
  return valueCents.times(pct).div(10000).floor().toNumber();
}

/**
 * Refuses (DomainError with field messages) an unserviced residence or a collateral type without
 * offers; everything else is answered with bands.
 */
export function computeRateBands(input: TRateBandsInput): TRateBands {
  assertOfferable(input);
  const { priceCents, residence } = input;
  const coinQuantity = toCoinQuantity(input.coinQuantity);
  const valueCents = collateralValueCents(coinQuantity, priceCents);
  const limits = loanLimitsUsd(residence);

  let requestedCents: number | undefined;
  if (input.requestedAmountUsd !== undefined) {
    requestedCents = usdToCents(input.requestedAmountUsd);
    if (requestedCents <= 0) {
      throw new DomainError('INVALID_AMOUNT', 'The requested amount must be above zero', {
        requestedAmount: ['The requested amount must be above zero'],
      });
    }
  }
  const targetCents = requestedCents ?? limits.min * 100;

  const bands = RATE_TIERS.map((tier, index) => {
    const minLtv = index === 0 ? 0 : (RATE_TIERS[index - 1]?.maxInitialLtvPct ?? 0);
    const maxLtv = tier.maxInitialLtvPct;
    // Above minLtv means at least one whole dollar more than the amount sitting exactly on it.
    const lowestInBandUsd = minLtv === 0 ? 0 : wholeDollarsAtPct(valueCents, minLtv) + 1;
    const band: TRateBand = {
      tierId: tier.id,
      rate: TIER_RATES.get(tier.id) as string,
      minLtv,
      maxLtv,
      minAmountUsd: Math.max(limits.min, lowestInBandUsd),
      maxAmountUsd: Math.min(limits.max, wholeDollarsAtPct(valueCents, maxLtv)),
      additionalCoinQuantityNeeded: coinQuantityString(
        additionalCoinQuantity(targetCents, coinQuantity, priceCents, maxLtv),
      ),
      eligible: false,
    };
    return band;
  });

  if (requestedCents === undefined) {
    // Without a requested amount a band is eligible when this collateral can reach it at all.
    for (const band of bands) band.eligible = band.minAmountUsd <= band.maxAmountUsd;
    return { rates: bands, eligibleTierId: bands.find((band) => band.eligible)?.tierId ?? null };
  }

  if (valueCents.isZero()) return { rates: bands, eligibleTierId: null };
  const currentLtv = ltvPct(requestedCents, coinQuantity, priceCents);
  const isWithinLimits = requestedCents >= limits.min * 100 && requestedCents <= limits.max * 100;
  const eligibleTierId = isWithinLimits ? (selectRateTier(currentLtv)?.id ?? null) : null;
  for (const band of bands) band.eligible = band.tierId === eligibleTierId;
  return {
    rates: bands,
    currentLtvPct: currentLtv.toFixed(2, Decimal.ROUND_HALF_UP),
    eligibleTierId,
  };
}
