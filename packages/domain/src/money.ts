/**
 * Exact money and quantity arithmetic. US dollars are integer cents (safe-integer numbers, cents.ts,
 * re-exported here); coin quantities, LTVs and rates are exact Decimals (decimal.ts). Nothing here
 * does float arithmetic on money.
 */
import { RATE_DISPLAY_DECIMALS } from './constants/display.js';
import { MAX_COLLATERAL_DECIMALS } from './constants/limits.js';
import { toSafeCents, type TRounding } from './cents.js';
import { Decimal, type TRoundingMode } from './decimal.js';
import { DomainError } from './errors.js';

export { Decimal, type TDecimalValue, type TRoundingMode } from './decimal.js';
export {
  bpsOf,
  centsToUsd,
  centsToUsdString,
  countDecimals,
  formatUsd,
  formatWholeNumber,
  mulDivCents,
  parseCashInput,
  usdToCents,
  type TRounding,
} from './cents.js';

const DECIMAL_ROUNDING: Record<TRounding, TRoundingMode> = {
  'half-up': Decimal.ROUND_HALF_UP,
  up: Decimal.ROUND_UP,
  down: Decimal.ROUND_DOWN,
};

const COIN_QUANTITY_PATTERN = /^(?:\d+\.?\d*|\.\d+)$/;

/** A coin quantity as an exact Decimal; refuses negatives, NaN, infinities and exponent forms. */
export function toCoinQuantity(value: string | Decimal): Decimal {
  if (typeof value !== 'string') {
    if (!value.isFinite() || value.isNegative()) {
      throw new DomainError('INVALID_COIN_QUANTITY', 'A coin quantity is a non-negative number');
    }
    return new Decimal(value);
  }
  const text = value.trim();
  if (!COIN_QUANTITY_PATTERN.test(text)) {
    throw new DomainError('INVALID_COIN_QUANTITY', `Not a coin quantity: "${value}"`);
  }
  return new Decimal(text);
}

/** A finite Decimal from a number, numeric string or Decimal; anything else is a DomainError. */
export function toFiniteDecimal(
  value: Decimal | number | string,
  code = 'INVALID_NUMBER',
): Decimal {
  let decimal: Decimal;
  try {
    decimal = new Decimal(value);
  } catch {
    throw new DomainError(code, `Not a number: "${String(value)}"`);
  }
  if (!decimal.isFinite()) throw new DomainError(code, `Not a finite number: "${String(value)}"`);
  return decimal;
}

/** A coin quantity rounded up to the collateral precision, so that it always covers the need. */
export function roundCoinQuantityUp(quantity: Decimal): Decimal {
  return quantity.toDecimalPlaces(MAX_COLLATERAL_DECIMALS, Decimal.ROUND_UP);
}

/** Coin strings carry exactly the collateral precision, rounded up; nothing reads "0". */
export function coinQuantityString(quantity: Decimal): string {
  return quantity.isZero() ? '0' : roundCoinQuantityUp(quantity).toFixed(MAX_COLLATERAL_DECIMALS);
}

/** A Decimal amount of cents to whole cents. */
export function decimalToCents(value: Decimal, rounding: TRounding = 'half-up'): number {
  if (!value.isFinite()) throw new DomainError('INVALID_AMOUNT', 'The amount is not finite');
  return toSafeCents(BigInt(value.toDecimalPlaces(0, DECIMAL_ROUNDING[rounding]).toFixed(0)));
}

/** A coin quantity with a fixed number of decimals ("0.1235" for 4), no grouping. */
export function formatCoin(
  quantity: Decimal | string,
  decimals: number,
  rounding: TRounding = 'half-up',
): string {
  const value = typeof quantity === 'string' ? toCoinQuantity(quantity) : quantity;
  return value.toFixed(decimals, DECIMAL_ROUNDING[rounding]);
}

/** A percent for display: rates and APR with 3 decimals ("8.910%"), LTV with 1 or 2 ("50.5%"). */
export function formatPct(value: Decimal | number | string, decimals: number): string {
  return `${toFiniteDecimal(value).toFixed(decimals, Decimal.ROUND_HALF_UP)}%`;
}

/** A rate or APR as every page shows it, with RATE_DISPLAY_DECIMALS decimals: 8.91 → "8.910%". */
export function formatRatePct(pct: Decimal | number | string): string {
  return formatPct(pct, RATE_DISPLAY_DECIMALS);
}

/** A rate held in basis points (the rate tiers), shown as formatRatePct does: 891 → "8.910%". */
export function formatRateBps(bps: number): string {
  return formatRatePct(new Decimal(bps).div(100));
}
