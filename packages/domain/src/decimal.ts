/**
 * An exact decimal number on BigInt, for coin quantities, LTVs and rates: the value is an integer
 * of digits shifted right by `scale` places. Parsing, adding, subtracting and multiplying are exact
 * until a result needs more than PRECISION significant digits; then (and for every quotient) it is
 * rounded half-up to PRECISION significant digits. It prints in plain notation, never with an
 * exponent. NaN and ±Infinity exist only so that a caller can be told a value is not finite; any
 * arithmetic on them follows IEEE 754.
 */

/** The rounding modes, numbered as in decimal.js, which the domain used before. */
export type TRoundingMode = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const ROUND_UP = 0;
const ROUND_DOWN = 1;
const ROUND_CEIL = 2;
const ROUND_FLOOR = 3;
const ROUND_HALF_UP = 4;
const ROUND_HALF_DOWN = 5;
const ROUND_HALF_EVEN = 6;

/** Significant digits kept by arithmetic: an 18-decimal ETH quantity times a price in cents fits. */
const PRECISION = 40;

/**
 * The largest power of ten a number may be written with ("1e1000"); far beyond any quantity of the
 * domain, and small enough that parsing cannot be made to build an enormous BigInt.
 */
const MAX_EXPONENT = 1000;

const DECIMAL_TEXT = /^([+-])?(?:(\d+)\.?(\d*)|\.(\d+))(?:e([+-]?\d+))?$/i;
const NON_FINITE_TEXT: Record<string, number> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '+Infinity': Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

export type TDecimalValue = Decimal | number | string;

/**
 * 10^0 … 10^(CACHED_POWERS − 1), made once: every operation scales by powers of ten, and building
 * one BigInt power per call was a large part of the arithmetic's time.
 */
const CACHED_POWERS = 128;
const POWERS_OF_TEN: readonly bigint[] = Array.from({ length: CACHED_POWERS }, (_, exponent) =>
  exponent === 0 ? 1n : 10n ** BigInt(exponent),
);

function powerOfTen(exponent: number): bigint {
  return exponent < CACHED_POWERS ? (POWERS_OF_TEN[exponent] as bigint) : 10n ** BigInt(exponent);
}

/** 10^PRECISION: a magnitude below it has at most PRECISION digits. */
const PRECISION_LIMIT = powerOfTen(PRECISION);

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** Decimal digits of the magnitude (1 for 0), by binary search over the cached powers of ten. */
function digitCount(value: bigint): number {
  const magnitude = abs(value);
  if (magnitude >= (POWERS_OF_TEN[CACHED_POWERS - 1] as bigint)) return magnitude.toString().length;
  let low = 1;
  let high = CACHED_POWERS - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (magnitude < (POWERS_OF_TEN[middle] as bigint)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Whether dropping the digits `remainder` (out of `unit`) moves the kept digits one away from zero.
 * `inexact` says that something non-zero lies beyond the dropped digits too (a quotient's
 * remainder); it needs at least one dropped digit to be told apart from an exact half.
 */
function roundsAway(
  kept: bigint,
  remainder: bigint,
  unit: bigint,
  isNegative: boolean,
  mode: TRoundingMode,
  inexact: boolean,
): boolean {
  if (remainder === 0n && !inexact) return false;
  if (mode === ROUND_UP) return true;
  if (mode === ROUND_DOWN) return false;
  if (mode === ROUND_CEIL) return !isNegative;
  if (mode === ROUND_FLOOR) return isNegative;
  const twice = 2n * remainder;
  if (twice !== unit || inexact) return twice >= unit;
  if (mode === ROUND_HALF_UP) return true;
  if (mode === ROUND_HALF_DOWN) return false;
  return kept % 2n === 1n;
}

/** `int` with its last `drop` digits rounded off (drop ≥ 1 when `inexact`). */
function dropDigits(int: bigint, drop: number, mode: TRoundingMode, inexact = false): bigint {
  if (drop <= 0) return int;
  const unit = powerOfTen(drop);
  const magnitude = abs(int);
  const kept = magnitude / unit;
  const rounded = roundsAway(kept, magnitude % unit, unit, int < 0n, mode, inexact)
    ? kept + 1n
    : kept;
  return int < 0n ? -rounded : rounded;
}

function checkRoundingMode(mode: number): TRoundingMode {
  if (!Number.isInteger(mode) || mode < ROUND_UP || mode > ROUND_HALF_EVEN) {
    throw new RangeError(`Not a rounding mode: ${String(mode)}`);
  }
  return mode as TRoundingMode;
}

function checkDecimalPlaces(places: number): number {
  if (!Number.isInteger(places) || places < 0 || places > MAX_EXPONENT) {
    throw new RangeError(`Not a number of decimal places: ${String(places)}`);
  }
  return places;
}

/** A finite value as the sign IEEE 754 needs to combine it with NaN or an infinity. */
function signOf(int: bigint): number {
  return int > 0n ? 1 : int < 0n ? -1 : 0;
}

export class Decimal {
  static readonly ROUND_UP = ROUND_UP;
  static readonly ROUND_DOWN = ROUND_DOWN;
  static readonly ROUND_CEIL = ROUND_CEIL;
  static readonly ROUND_FLOOR = ROUND_FLOOR;
  static readonly ROUND_HALF_UP = ROUND_HALF_UP;
  static readonly ROUND_HALF_DOWN = ROUND_HALF_DOWN;
  static readonly ROUND_HALF_EVEN = ROUND_HALF_EVEN;

  /** Significant digits of every computed result; fixed, so no caller can change another's maths. */
  static get precision(): number {
    return PRECISION;
  }

  /** The rounding of arithmetic, and of toFixed/toDecimalPlaces when none is given. */
  static get rounding(): TRoundingMode {
    return ROUND_HALF_UP;
  }

  /** The digits, signed; 0n for NaN and the infinities. */
  private readonly int: bigint;
  /** Digits after the point: ≥ 0, and the last of them is not 0. */
  private readonly scale: number;
  /** NaN, Infinity or -Infinity; undefined for a finite value. */
  private readonly nonFinite: number | undefined;

  /**
   * From a Decimal, a number (by its shortest string form), a string such as "-1.5e-3", or digits
   * as a bigint shifted right by `places` (`new Decimal(-15n, 4)` is -0.0015).
   */
  constructor(value: TDecimalValue | bigint, places = 0) {
    if (typeof value === 'bigint') {
      if (!Number.isSafeInteger(places)) {
        throw new RangeError(`Not a number of places: ${String(places)}`);
      }
      // Every computed result is made here, so that all Decimals share one shape.
      this.nonFinite = undefined;
      if (places === 0 || (places > 0 && value % 10n !== 0n)) {
        // Already without trailing zeros after the point (most results).
        this.int = value;
        this.scale = places;
        return;
      }
      const [digits, kept] = normalized(value, places);
      this.int = digits;
      this.scale = kept;
      return;
    }
    if (value instanceof Decimal) {
      this.int = value.int;
      this.scale = value.scale;
      this.nonFinite = value.nonFinite;
      return;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) {
      this.int = 0n;
      this.scale = 0;
      this.nonFinite = value;
      return;
    }
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      // A whole number needs no parsing (String(1e21) would have an exponent; safe ones never do).
      this.int = BigInt(value);
      this.scale = 0;
      this.nonFinite = undefined;
      return;
    }
    const text = typeof value === 'number' ? String(value) : value;
    const nonFinite = typeof text === 'string' ? NON_FINITE_TEXT[text] : undefined;
    if (nonFinite !== undefined) {
      this.int = 0n;
      this.scale = 0;
      this.nonFinite = nonFinite;
      return;
    }
    const match = typeof text === 'string' ? DECIMAL_TEXT.exec(text) : null;
    if (match === null) throw new TypeError(`Not a decimal number: "${String(value)}"`);
    const [, sign, whole, fraction, leadingPointFraction, exponentText] = match;
    const digits = leadingPointFraction ?? `${whole ?? ''}${fraction ?? ''}`;
    const exponent = exponentText === undefined ? 0 : Number(exponentText);
    if (Math.abs(exponent) > MAX_EXPONENT) {
      throw new RangeError(`Out of range for a decimal number: "${String(value)}"`);
    }
    const [int, scale] = normalized(
      sign === '-' ? -BigInt(digits) : BigInt(digits),
      (leadingPointFraction ?? fraction ?? '').length - exponent,
    );
    this.int = int;
    this.scale = scale;
    this.nonFinite = undefined;
  }

  static max(...values: TDecimalValue[]): Decimal {
    return extreme(values, 1);
  }

  static min(...values: TDecimalValue[]): Decimal {
    return extreme(values, -1);
  }

  plus(other: TDecimalValue): Decimal {
    const that = toDecimal(other);
    if (!this.isFinite() || !that.isFinite()) return viaNumbers(this, that, (a, b) => a + b);
    if (this.scale === that.scale) return rounded(this.int + that.int, this.scale);
    const scale = Math.max(this.scale, that.scale);
    return rounded(
      this.int * powerOfTen(scale - this.scale) + that.int * powerOfTen(scale - that.scale),
      scale,
    );
  }

  minus(other: TDecimalValue): Decimal {
    return this.plus(toDecimal(other).negated());
  }

  times(other: TDecimalValue): Decimal {
    const that = toDecimal(other);
    if (!this.isFinite() || !that.isFinite()) return viaNumbers(this, that, (a, b) => a * b);
    return rounded(this.int * that.int, this.scale + that.scale);
  }

  /** The quotient, rounded half-up to PRECISION significant digits. */
  div(other: TDecimalValue): Decimal {
    const that = toDecimal(other);
    if (!this.isFinite() || !that.isFinite() || that.int === 0n) {
      return viaNumbers(this, that, (a, b) => a / b);
    }
    if (this.int === 0n) return ZERO;
    const divisorDigits = digitCount(that.int);
    if (abs(that.int) === powerOfTen(divisorDigits - 1)) {
      // By a power of ten (± 1, 10, 100, …): the digits stay, the point moves; rounded only when
      // they are more than PRECISION, as the quotient below would be.
      const digits = that.int < 0n ? -this.int : this.int;
      return rounded(digits, this.scale - that.scale + divisorDigits - 1);
    }
    // |this.int| × 10^shift ÷ |that.int| then has more than PRECISION digits, so at least one digit
    // is rounded off and a non-zero remainder is told apart from an exact half.
    const shift = PRECISION + 1 - (digitCount(this.int) - divisorDigits);
    const numerator = shift >= 0 ? abs(this.int) * powerOfTen(shift) : abs(this.int);
    const denominator = shift >= 0 ? abs(that.int) : abs(that.int) * powerOfTen(-shift);
    const quotient = numerator / denominator;
    const drop = digitCount(quotient) - PRECISION;
    const magnitude = dropDigits(quotient, drop, ROUND_HALF_UP, numerator % denominator !== 0n);
    const isNegative = this.int < 0n !== that.int < 0n;
    return fromParts(isNegative ? -magnitude : magnitude, this.scale - that.scale + shift - drop);
  }

  /** This value to a whole power, computed exactly and then rounded once like a product. */
  pow(exponent: number): Decimal {
    if (!Number.isInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) {
      throw new RangeError(`Only whole powers up to ${MAX_EXPONENT} are supported`);
    }
    if (!this.isFinite()) return viaNumbers(this, ONE, (a) => a ** exponent);
    const magnitude = Math.abs(exponent);
    const int = this.int ** BigInt(magnitude);
    const scale = this.scale * magnitude;
    return exponent < 0 ? ONE.div(fromParts(int, scale)) : rounded(int, scale);
  }

  negated(): Decimal {
    return this.isFinite() ? fromParts(-this.int, this.scale) : new Decimal(-this.toNumber());
  }

  abs(): Decimal {
    return this.isNegative() ? this.negated() : this;
  }

  /** -1, 0 or 1; NaN when either value is NaN. */
  comparedTo(other: TDecimalValue): number {
    const that = toDecimal(other);
    if (!this.isFinite() || !that.isFinite()) {
      const a = this.nonFinite ?? signOf(this.int);
      const b = that.nonFinite ?? signOf(that.int);
      return a < b ? -1 : a > b ? 1 : a === b ? 0 : Number.NaN;
    }
    if (this.scale === that.scale) {
      return this.int < that.int ? -1 : this.int > that.int ? 1 : 0;
    }
    const scale = Math.max(this.scale, that.scale);
    const a = this.int * powerOfTen(scale - this.scale);
    const b = that.int * powerOfTen(scale - that.scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: TDecimalValue): boolean {
    return this.comparedTo(other) === 0;
  }

  lt(other: TDecimalValue): boolean {
    return this.comparedTo(other) === -1;
  }

  lte(other: TDecimalValue): boolean {
    const order = this.comparedTo(other);
    return order === -1 || order === 0;
  }

  gt(other: TDecimalValue): boolean {
    return this.comparedTo(other) === 1;
  }

  gte(other: TDecimalValue): boolean {
    const order = this.comparedTo(other);
    return order === 1 || order === 0;
  }

  isFinite(): boolean {
    return this.nonFinite === undefined;
  }

  isNaN(): boolean {
    return Number.isNaN(this.nonFinite);
  }

  isZero(): boolean {
    return this.isFinite() && this.int === 0n;
  }

  isNegative(): boolean {
    return this.isFinite() ? this.int < 0n : this.nonFinite === Number.NEGATIVE_INFINITY;
  }

  /** Digits after the point (NaN when not finite). */
  decimalPlaces(): number {
    return this.isFinite() ? this.scale : Number.NaN;
  }

  /** Rounded to at most `places` decimals; unchanged when it has no more. */
  toDecimalPlaces(places: number, mode: TRoundingMode = ROUND_HALF_UP): Decimal {
    checkDecimalPlaces(places);
    checkRoundingMode(mode);
    if (!this.isFinite() || this.scale <= places) return this;
    return fromParts(dropDigits(this.int, this.scale - places, mode), places);
  }

  floor(): Decimal {
    return this.toDecimalPlaces(0, ROUND_FLOOR);
  }

  ceil(): Decimal {
    return this.toDecimalPlaces(0, ROUND_CEIL);
  }

  /** To a whole number, half-up. */
  round(): Decimal {
    return this.toDecimalPlaces(0, ROUND_HALF_UP);
  }

  /** Plain notation; with `places`, rounded to exactly that many decimals (padded with zeros). */
  toFixed(places?: number, mode: TRoundingMode = ROUND_HALF_UP): string {
    if (places === undefined || !this.isFinite()) return this.toString();
    const value = this.toDecimalPlaces(places, mode);
    const text = value.toString();
    if (places === 0) return text;
    const point = text.indexOf('.');
    const decimals = point === -1 ? 0 : text.length - point - 1;
    return `${text}${point === -1 ? '.' : ''}${'0'.repeat(places - decimals)}`;
  }

  /** Plain notation, without an exponent and without trailing zeros ("0.000001", "-12.5"). */
  toString(): string {
    if (!this.isFinite()) return String(this.nonFinite);
    const digits = abs(this.int)
      .toString()
      .padStart(this.scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.scale);
    const fraction = digits.slice(digits.length - this.scale);
    return `${this.int < 0n ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
  }

  toJSON(): string {
    return this.toString();
  }

  /** The nearest double. */
  toNumber(): number {
    return this.nonFinite ?? Number(this.toString());
  }

  // decimal.js names that callers already use.
  add(other: TDecimalValue): Decimal {
    return this.plus(other);
  }

  sub(other: TDecimalValue): Decimal {
    return this.minus(other);
  }

  dividedBy(other: TDecimalValue): Decimal {
    return this.div(other);
  }

  lessThan(other: TDecimalValue): boolean {
    return this.lt(other);
  }

  greaterThan(other: TDecimalValue): boolean {
    return this.gt(other);
  }
}

const TRAILING_ZERO_STEPS: readonly (readonly [number, bigint])[] = [
  [16, 10n ** 16n],
  [4, 10_000n],
  [1, 10n],
];

/** int ÷ 10^scale with any scale, as (digits, scale ≥ 0) without trailing zeros after the point. */
function normalized(int: bigint, scale: number): [bigint, number] {
  if (int === 0n) return [0n, 0];
  if (scale < 0) return [int * powerOfTen(-scale), 0];
  // Most results end in a digit other than 0: one remainder tells.
  if (scale === 0 || int % 10n !== 0n) return [int, scale];
  let digits = int;
  let places = scale;
  // Trailing zeros go sixteen, then four, then one at a time: a quotient carries up to forty.
  for (const [count, unit] of TRAILING_ZERO_STEPS) {
    while (places >= count && digits % unit === 0n) {
      digits /= unit;
      places -= count;
    }
  }
  return [digits, places];
}

function fromParts(int: bigint, scale: number): Decimal {
  return new Decimal(int, scale);
}

/** An exact result, rounded half-up when it has more than PRECISION significant digits. */
function rounded(int: bigint, scale: number): Decimal {
  if (int < PRECISION_LIMIT && int > -PRECISION_LIMIT) return fromParts(int, scale);
  const drop = digitCount(int) - PRECISION;
  return drop > 0
    ? fromParts(dropDigits(int, drop, ROUND_HALF_UP), scale - drop)
    : fromParts(int, scale);
}

function toDecimal(value: TDecimalValue): Decimal {
  return value instanceof Decimal ? value : new Decimal(value);
}

/** Arithmetic with NaN or an infinity: IEEE 754 on the signs of the finite operands. */
function viaNumbers(a: Decimal, b: Decimal, operation: (a: number, b: number) => number): Decimal {
  const asNumber = (value: Decimal) => (value.isFinite() ? value.comparedTo(0) : value.toNumber());
  return new Decimal(operation(asNumber(a), asNumber(b)));
}

function extreme(values: TDecimalValue[], direction: 1 | -1): Decimal {
  const [first, ...rest] = values.map(toDecimal);
  if (first === undefined) throw new RangeError('Decimal.max and Decimal.min need a value');
  return rest.reduce((best, value) => {
    if (best.isNaN() || value.isNaN()) return new Decimal(Number.NaN);
    return value.comparedTo(best) === direction ? value : best;
  }, first);
}

const ZERO = /* @__PURE__ */ new Decimal(0);
const ONE = /* @__PURE__ */ new Decimal(1);
