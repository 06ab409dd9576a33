/**
 * The rate table of the offer page (document 1 §3 Rate band; DESIGN §4 rates call): for a collateral
 * at a price, what each rate tier lets the borrower take and how much coin is missing for it.
 */
import { RATE_TIERS, type TRateTierId } from './constants/rates.js';
import { DomainError } from './errors.js';
import {
  additionalCoinQuantity,
  collateralValueCents,
  initialLtvPct,
  selectRateTier,
} from './ltv.js';
import { Decimal, bpsOf, coinQuantityString, toCoinQuantity, usdToCents } from './money.js';
import {
  assertOfferable,
  loanAmountCents,
  originationFeeBps,
  originationFeeFlatMinimumCents,
} from './offer.js';
import { loanLimitsUsd, type TResidence } from './residence.js';

export type TRateBand = {
  tierId: TRateTierId;
  /** Interest rate in percent, 3 decimals ("8.910"). */
  rate: string;
  /**
   * The band holds initial LTVs above minLtv up to and including maxLtv (percent), on the loan
   * amount: the cash with its capitalised origination fee (ltv.ts).
   */
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
  /** Initial LTV of the requested cash with its fee, 2 decimals; only when cash was requested. */
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

/**
 * The most whole dollars of cash whose loan amount (cash plus its origination fee) stays at or
 * under `pct` of the collateral value. The amount grows with the cash, so that is the most cash
 * meeting both parts of the fee: its percentage (estimated, then stepped over the fee's rounding)
 * and a state's flat minimum (the value less that fee).
 */
function maxCashUsdAtPct(valueCents: Decimal, pct: number, residence: TResidence): number {
  const capCents = valueCents.times(pct).div(100);
  const bps = originationFeeBps(residence);
  const fitsPercentage = (usd: number) =>
    new Decimal(usd * 100 + bpsOf(usd * 100, bps)).lte(capCents);
  let usd = capCents
    .times(10000)
    .div(10000 + bps)
    .div(100)
    .floor()
    .toNumber();
  while (usd > 0 && !fitsPercentage(usd)) usd -= 1;
  while (fitsPercentage(usd + 1)) usd += 1;
  const flatCapUsd = capCents
    .minus(originationFeeFlatMinimumCents(residence))
    .div(100)
    .floor()
    .toNumber();
  return Math.max(Math.min(usd, flatCapUsd), 0);
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
  const targetAmountCents = loanAmountCents(targetCents, residence);

  const bands = RATE_TIERS.map((tier, index) => {
    const minLtv = index === 0 ? 0 : (RATE_TIERS[index - 1]?.maxInitialLtvPct ?? 0);
    const maxLtv = tier.maxInitialLtvPct;
    // Above minLtv means at least one whole dollar more than the most cash sitting on it.
    const lowestInBandUsd = minLtv === 0 ? 0 : maxCashUsdAtPct(valueCents, minLtv, residence) + 1;
    const band: TRateBand = {
      tierId: tier.id,
      rate: TIER_RATES.get(tier.id) as string,
      minLtv,
      maxLtv,
      minAmountUsd: Math.max(limits.min, lowestInBandUsd),
      maxAmountUsd: Math.min(limits.max, maxCashUsdAtPct(valueCents, maxLtv, residence)),
      additionalCoinQuantityNeeded: coinQuantityString(
        additionalCoinQuantity(targetAmountCents, coinQuantity, priceCents, maxLtv),
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
  const currentLtv = initialLtvPct({
    amountCents: loanAmountCents(requestedCents, residence),
    coinQuantity,
    priceCents,
  });
  const isWithinLimits = requestedCents >= limits.min * 100 && requestedCents <= limits.max * 100;
  const eligibleTierId = isWithinLimits ? (selectRateTier(currentLtv)?.id ?? null) : null;
  for (const band of bands) band.eligible = band.tierId === eligibleTierId;
  return {
    rates: bands,
    currentLtvPct: currentLtv.toFixed(2, Decimal.ROUND_HALF_UP),
    eligibleTierId,
  };
}
