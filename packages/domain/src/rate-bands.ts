/**
 * The rate table of the offer page (document 1 §3 Rate band; DESIGN §4 rates call): for a collateral
 * at a price, what each rate tier lets the borrower take and how much coin is missing for it.
 */
import { MAX_COLLATERAL_DECIMALS } from './constants/limits.js';
import { RATE_TIERS, type TRateTierId } from './constants/rates.js';
import { DomainError } from './errors.js';
import { additionalCoinQuantity, collateralValueCents } from './ltv.js';
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
 * A collateral's value in exact integers, as the band arithmetic needs it: `units` ÷ `scale` cents
 * (the value's digits over its power of ten). The bands are whole-number arithmetic on it, exact
 * as the decimals are: every rates question is answered anew, and exact decimals made each answer
 * cost several times as much.
 */
type TCollateralValue = { units: bigint; scale: bigint };

function collateralValueOf(valueCents: Decimal): TCollateralValue {
  // Plain notation without an exponent: the whole digits, then the value's own decimals.
  const [whole = '0', fraction = ''] = valueCents.toString().split('.');
  return { units: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) };
}

/** Whether `usd` of cash with its percentage fee is a loan amount of at most `capCents`. */
function fitsPercentage(usd: number, bps: number, capCents: bigint): boolean {
  return usd * 100 + bpsOf(usd * 100, bps) <= capCents;
}

/**
 * The most whole dollars of cash whose loan amount (cash plus its origination fee) stays at or
 * under `pct` of the collateral value. The amount grows with the cash, so that is the most cash
 * meeting both parts of the fee: its percentage (estimated, then stepped over the fee's rounding)
 * and a state's flat minimum (the value less that fee). A loan amount is whole cents, so it is at
 * or under the cap exactly when it is at or under the cap's whole cents.
 */
function maxCashUsdAtPct(value: TCollateralValue, pct: number, residence: TResidence): number {
  const capTimes100 = value.units * BigInt(pct);
  const capCents = capTimes100 / (100n * value.scale);
  const bps = originationFeeBps(residence);
  let usd = Number((capTimes100 * 10000n) / (100n * value.scale * BigInt(10000 + bps) * 100n));
  while (usd > 0 && !fitsPercentage(usd, bps, capCents)) usd -= 1;
  while (fitsPercentage(usd + 1, bps, capCents)) usd += 1;
  const flatCapCents = capCents - BigInt(originationFeeFlatMinimumCents(residence));
  // Below the flat fee no cash fits.
  const flatCapUsd = flatCapCents < 0n ? 0 : Number(flatCapCents / 100n);
  return Math.max(Math.min(usd, flatCapUsd), 0);
}

/** The smallest coin quantity a collateral holds, as a divisor: 10^MAX_COLLATERAL_DECIMALS. */
const COIN_PRECISION = 10n ** BigInt(MAX_COLLATERAL_DECIMALS);

/**
 * Coin to add so that `amountCents` is at most `pct` of the collateral value, rounded up to the
 * collateral precision, as a coin string ("0" when none is needed).
 */
function additionalCoinQuantityNeeded(
  amountCents: number,
  coinQuantity: Decimal,
  value: TCollateralValue,
  priceCents: number,
  pct: number,
): string {
  // An amount no loan can have is refused as the exact-decimal rule refuses it.
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    return coinQuantityString(additionalCoinQuantity(amountCents, coinQuantity, priceCents, pct));
  }
  // Missing coin = (amount × 100 ÷ pct − value) ÷ price = missingUnits ÷ (price × pct × scale).
  const missingUnits = BigInt(amountCents) * 100n * value.scale - value.units * BigInt(pct);
  if (missingUnits <= 0n) return '0';
  const perCoin = BigInt(priceCents) * BigInt(pct) * value.scale;
  const scaled = missingUnits * COIN_PRECISION;
  const roundedUp = scaled / perCoin + (scaled % perCoin === 0n ? 0n : 1n);
  const fraction = String(roundedUp % COIN_PRECISION).padStart(MAX_COLLATERAL_DECIMALS, '0');
  return `${roundedUp / COIN_PRECISION}.${fraction}`;
}

/**
 * The initial LTV of a loan amount against the collateral, in hundredths of a percent rounded
 * half-up, as the offer page shows it ("22.44").
 */
function initialLtvPctText(amountCents: number, value: TCollateralValue): string {
  const numerator = BigInt(amountCents) * 10000n * value.scale;
  const hundredths =
    numerator / value.units + (2n * (numerator % value.units) >= value.units ? 1n : 0n);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/**
 * Refuses (DomainError with field messages) an unserviced residence or a collateral type without
 * offers; everything else is answered with bands.
 */
export function computeRateBands(input: TRateBandsInput): TRateBands {
  assertOfferable(input);
  const { priceCents, residence } = input;
  const coinQuantity = toCoinQuantity(input.coinQuantity);
  const value = collateralValueOf(collateralValueCents(coinQuantity, priceCents));
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

  // The most cash at one tier's maximum is, one dollar more, the least in the next tier.
  let mostCashBelowUsd = 0;
  const bands = RATE_TIERS.map((tier, index) => {
    const minLtv = index === 0 ? 0 : (RATE_TIERS[index - 1]?.maxInitialLtvPct ?? 0);
    const maxLtv = tier.maxInitialLtvPct;
    // Above minLtv means at least one whole dollar more than the most cash sitting on it.
    const lowestInBandUsd = minLtv === 0 ? 0 : mostCashBelowUsd + 1;
    const mostCashUsd = maxCashUsdAtPct(value, maxLtv, residence);
    mostCashBelowUsd = mostCashUsd;
    const band: TRateBand = {
      tierId: tier.id,
      rate: TIER_RATES.get(tier.id) as string,
      minLtv,
      maxLtv,
      minAmountUsd: Math.max(limits.min, lowestInBandUsd),
      maxAmountUsd: Math.min(limits.max, mostCashUsd),
      additionalCoinQuantityNeeded: additionalCoinQuantityNeeded(
        targetAmountCents,
        coinQuantity,
        value,
        priceCents,
        maxLtv,
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

  if (value.units === 0n) return { rates: bands, eligibleTierId: null };
  // The requested cash is the target: its loan amount is the one the bands were priced on.
  const amountCents = targetAmountCents;
  const isWithinLimits = requestedCents >= limits.min * 100 && requestedCents <= limits.max * 100;
  // The first (cheapest) tier whose maximum the unrounded initial LTV does not exceed, as
  // selectRateTier (ltv.ts) picks it: amount × 100 ≤ max × value.
  const tier = RATE_TIERS.find(
    (candidate) =>
      BigInt(amountCents) * 100n * value.scale <= BigInt(candidate.maxInitialLtvPct) * value.units,
  );
  const eligibleTierId = isWithinLimits ? (tier?.id ?? null) : null;
  for (const band of bands) band.eligible = band.tierId === eligibleTierId;
  return {
    rates: bands,
    currentLtvPct: initialLtvPctText(amountCents, value),
    eligibleTierId,
  };
}
