/**
 * US dollars as integer cents (safe-integer numbers): parsing, conversion, display and integer
 * arithmetic with one rounding at the end. It needs no exact-decimal arithmetic (money.ts), so a
 * page that only reads and shows amounts does not load it.
 */
import { USD_MAX_DECIMALS } from './constants/limits.js';
import { DomainError } from './errors.js';

/** 'half-up' rounds to the nearest, ties away from zero; 'up' away from zero; 'down' towards zero. */
export type TRounding = 'half-up' | 'up' | 'down';

export function assertCents(cents: number, what = 'amount'): void {
  if (!Number.isSafeInteger(cents)) {
    throw new DomainError('INVALID_AMOUNT', `The ${what} must be a whole number of cents`);
  }
}

export function divideRounded(numerator: bigint, denominator: bigint, rounding: TRounding): bigint {
  const isNegative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const remainder = n % d;
  if (remainder !== 0n) {
    if (rounding === 'up' || (rounding === 'half-up' && 2n * remainder >= d)) quotient += 1n;
  }
  return isNegative ? -quotient : quotient;
}

export function toSafeCents(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new DomainError('INVALID_AMOUNT', 'The amount is too large');
  }
  return Number(value);
}

/** cents × numerator ÷ denominator in integer arithmetic, rounded once at the end. */
export function mulDivCents(
  cents: number,
  numerator: number,
  denominator: number,
  rounding: TRounding = 'half-up',
): number {
  assertCents(cents);
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new DomainError('INVALID_AMOUNT', 'The ratio must be made of whole numbers');
  }
  return toSafeCents(
    divideRounded(BigInt(cents) * BigInt(numerator), BigInt(denominator), rounding),
  );
}

/** The given basis points of an amount of cents (100 bps = 1%), rounded to the cent. */
export function bpsOf(cents: number, bps: number, rounding: TRounding = 'half-up'): number {
  return mulDivCents(cents, bps, 10000, rounding);
}

const USD_PATTERN = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * US dollars to cents, exactly. Accepts "20,000", "20000.5", "20000." and numbers such as 20000.5;
 * refuses more than 2 decimals (so a float that drifted, like 0.1 + 0.2, is refused, not rounded).
 */
export function usdToCents(usd: string | number): number {
  if (typeof usd === 'number' && !Number.isFinite(usd)) {
    throw new DomainError('INVALID_AMOUNT', 'Not a US dollar amount');
  }
  // Whole dollars (most amounts) need no parsing.
  if (typeof usd === 'number' && Number.isSafeInteger(usd) && Number.isSafeInteger(usd * 100)) {
    return usd * 100 + 0;
  }
  const text = (typeof usd === 'number' ? String(usd) : usd).trim().replaceAll(',', '');
  const match = USD_PATTERN.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (match === null || (whole === '' && fraction === '')) {
    throw new DomainError('INVALID_AMOUNT', `Not a US dollar amount: "${String(usd)}"`);
  }
  if (fraction.length > USD_MAX_DECIMALS) {
    throw new DomainError('INVALID_AMOUNT', 'US dollar amounts have at most 2 decimals');
  }
  const cents = BigInt(whole === '' ? '0' : whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return toSafeCents(match[1] === '-' ? -cents : cents);
}

/** Cents as a plain dollar string with 2 decimals: 2000000 → "20000.00". */
export function centsToUsdString(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = BigInt(Math.abs(cents));
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Cents as the wire's JSON number of dollars; exact for every amount below $10 trillion. */
export function centsToUsd(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number as a whole, with thousands separators, rounded half away from zero: 20000.5 → "20,001". */
export function formatWholeNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const digits = groupThousands(String(Math.round(Math.abs(value))));
  return value < 0 && digits !== '0' ? `-${digits}` : digits;
}

/** Display form: "$20,000.00", or with decimals 0 "$20,000" (rounded half-up to the dollar). */
export function formatUsd(cents: number, options: { decimals?: 0 | 2 } = {}): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = BigInt(Math.abs(cents));
  if (options.decimals === 0) {
    return `${sign}$${groupThousands(String(divideRounded(abs, 100n, 'half-up')))}`;
  }
  const fraction = String(abs % 100n).padStart(2, '0');
  return `${sign}$${groupThousands(String(abs / 100n))}.${fraction}`;
}

/** A cash input as typed (commas stripped) to cents; null when empty, not an amount or negative. */
export function parseCashInput(text: string): number | null {
  if (text.trim() === '') return null;
  try {
    const cents = usdToCents(text);
    return cents < 0 ? null : cents;
  } catch {
    return null;
  }
}

/** Digits after the decimal point of a typed number ("1,000.125" → 3, "12" → 0). */
export function countDecimals(text: string): number {
  const trimmed = text.trim();
  const point = trimmed.indexOf('.');
  return point === -1 ? 0 : trimmed.length - point - 1;
}
