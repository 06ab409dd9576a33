import { describe, expect, it } from 'vitest';
import {
  formatRateBps,
  formatRatePct,
  Decimal,
  bpsOf,
  centsToUsd,
  centsToUsdString,
  coinQuantityString,
  countDecimals,
  decimalToCents,
  formatCoin,
  formatPct,
  formatUsd,
  formatWholeNumber,
  mulDivCents,
  parseCashInput,
  roundCoinQuantityUp,
  toCoinQuantity,
  toFiniteDecimal,
  usdToCents,
} from './money.js';
import { domainErrorCode } from './test-support/domain-error-code.js';

describe('Decimal', () => {
  it('works with at least 40 significant digits, rounding half-up, in plain notation', () => {
    expect(Decimal.precision).toBeGreaterThanOrEqual(40);
    expect(new Decimal(1).div(3).toString()).toBe(`0.${'3'.repeat(Decimal.precision)}`);
    expect(new Decimal('0.000000000000000001').toString()).toBe('0.000000000000000001');
    expect(new Decimal('2.5').toDecimalPlaces(0).toString()).toBe('3');
  });

  it('has no process-wide setting that another caller could change', () => {
    expect(() => Object.assign(Decimal, { precision: 20 })).toThrow(TypeError);
    expect(Decimal.precision).toBe(40);
  });

  it('adds 0.1 and 0.2 exactly', () => {
    expect(new Decimal('0.1').plus('0.2').eq('0.3')).toBe(true);
  });
});

describe('usdToCents', () => {
  it.each([
    ['20000', 2000000],
    ['20,000', 2000000],
    ['20000.5', 2000050],
    ['20000.50', 2000050],
    ['20000.', 2000000],
    ['.5', 50],
    ['0.01', 1],
    [' 1,234,567.89 ', 123456789],
    ['-12.34', -1234],
    [20000.5, 2000050],
    [0.3, 30],
    // Each of these times 100 in floating point lands just under the cent (434.99999999999994).
    [4.35, 435],
    [1.15, 115],
    [8.2, 820],
    [10000, 1000000],
    ['90071992547409.91', 9007199254740991],
  ] as const)('%j → %i cents', (usd, cents) => {
    expect(usdToCents(usd)).toBe(cents);
  });

  it.each([
    ['more than 2 decimals', '1.234'],
    ['a float that drifted (0.1 + 0.2)', 0.1 + 0.2],
    ['a float product that drifted (1.1 × 3)', 1.1 * 3],
    ['a float difference that drifted (1.005 - 0.005)', 1.005 - 0.005],
    ['an empty string', ''],
    ['a lone point', '.'],
    ['words', 'twenty'],
    ['a dollar sign', '$20'],
    ['exponent notation', '1e3'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['more cents than a safe integer', '90071992547409.92'],
  ])('refuses %s', (_label, usd) => {
    expect(domainErrorCode(() => usdToCents(usd))).toBe('INVALID_AMOUNT');
  });
});

describe('centsToUsdString, centsToUsd and formatUsd', () => {
  it.each([
    [2000000, '20000.00', 20000, '$20,000.00', '$20,000'],
    [2000050, '20000.50', 20000.5, '$20,000.50', '$20,001'],
    [2000049, '20000.49', 20000.49, '$20,000.49', '$20,000'],
    [5, '0.05', 0.05, '$0.05', '$0'],
    [0, '0.00', 0, '$0.00', '$0'],
    [-1234, '-12.34', -12.34, '-$12.34', '-$12'],
    [123456789012, '1234567890.12', 1234567890.12, '$1,234,567,890.12', '$1,234,567,890'],
  ])('%i cents → %s / %d / %s / %s', (cents, plain, wire, twoDecimals, whole) => {
    expect(centsToUsdString(cents)).toBe(plain);
    expect(centsToUsd(cents)).toBe(wire);
    expect(formatUsd(cents)).toBe(twoDecimals);
    expect(formatUsd(cents, { decimals: 2 })).toBe(twoDecimals);
    expect(formatUsd(cents, { decimals: 0 })).toBe(whole);
  });

  it('round-trips with usdToCents', () => {
    for (const cents of [1, 10, 99, 100, 101, 123456, 9007199254740991]) {
      expect(usdToCents(centsToUsdString(cents))).toBe(cents);
      expect(usdToCents(centsToUsd(Math.min(cents, 99999999999999)))).toBe(
        Math.min(cents, 99999999999999),
      );
    }
  });

  it.each([[1.5], [Number.NaN], [2 ** 53]])('refuses %d, which is not whole cents', (cents) => {
    expect(domainErrorCode(() => centsToUsdString(cents))).toBe('INVALID_AMOUNT');
    expect(domainErrorCode(() => formatUsd(cents))).toBe('INVALID_AMOUNT');
  });
});

describe('parseCashInput', () => {
  it.each([
    ['20,000', 2000000],
    ['20000.5', 2000050],
    ['1,000,000', 100000000],
    ['', null],
    ['   ', null],
    ['abc', null],
    ['1.234', null],
    ['-5', null],
    ['5,00.1', 50010],
  ])('%j → %s', (text, cents) => {
    expect(parseCashInput(text)).toBe(cents);
  });
});

describe('bpsOf and mulDivCents', () => {
  it.each([
    [1000000, 100, 'half-up', 10000],
    [1000000, 150, 'half-up', 15000],
    [1000000, 85, 'half-up', 8500],
    [1000000, 200, 'half-up', 20000],
    [50, 100, 'half-up', 1],
    [49, 100, 'half-up', 0],
    [149, 100, 'half-up', 1],
    [150, 100, 'half-up', 2],
    [149, 100, 'up', 2],
    [199, 100, 'down', 1],
    [-150, 100, 'half-up', -2],
    [-149, 100, 'down', -1],
    [1234567, 85, 'half-up', 10494],
  ] as const)('%i cents × %i bps (%s) → %i', (cents, bps, rounding, expected) => {
    expect(bpsOf(cents, bps, rounding)).toBe(expected);
  });

  it('rounds half-up by default', () => {
    expect(bpsOf(50, 100)).toBe(1);
  });

  it('multiplies beyond 2^53 without losing a cent', () => {
    // 9,007,199,254,740,991 × 85 overflows a double; the integer maths does not.
    expect(mulDivCents(9007199254740991, 85, 100, 'down')).toBe(7656119366529842);
  });

  it('adds fees of split amounts like exact money', () => {
    const tenCents = usdToCents('0.10');
    const twentyCents = usdToCents('0.20');
    expect(tenCents + twentyCents).toBe(usdToCents('0.30'));
    expect(bpsOf(usdToCents('10000.10'), 150) + bpsOf(usdToCents('10000.20'), 150)).toBe(30000);
  });

  it.each([
    ['a fractional amount', () => bpsOf(10.5, 100)],
    ['fractional basis points', () => bpsOf(1000, 8.5)],
    ['a zero denominator', () => mulDivCents(1000, 1, 0)],
  ])('refuses %s', (_label, run) => {
    expect(domainErrorCode(run)).toBe('INVALID_AMOUNT');
  });
});

describe('toCoinQuantity', () => {
  it.each([
    ['1.25', '1.25'],
    [' 0.000001 ', '0.000001'],
    ['0', '0'],
    ['1.', '1'],
    ['.5', '0.5'],
    ['0.123456789012345678', '0.123456789012345678'],
  ])('%j → %s', (text, expected) => {
    expect(toCoinQuantity(text).toFixed()).toBe(expected);
  });

  it('keeps a Decimal as is', () => {
    expect(toCoinQuantity(new Decimal('2.5')).toFixed()).toBe('2.5');
  });

  it.each(['-1', '', 'NaN', 'Infinity', '1e3', 'abc', '1,5', '--1'])('refuses %j', (text) => {
    expect(domainErrorCode(() => toCoinQuantity(text))).toBe('INVALID_COIN_QUANTITY');
  });

  it.each([new Decimal(-1), new Decimal(Number.NaN), new Decimal(Number.POSITIVE_INFINITY)])(
    'refuses the Decimal %s',
    (value) => {
      expect(domainErrorCode(() => toCoinQuantity(value))).toBe('INVALID_COIN_QUANTITY');
    },
  );
});

describe('coin rounding and strings', () => {
  it.each([
    ['0.1234561', '0.123457', '0.123457'],
    ['0.123456', '0.123456', '0.123456'],
    ['2', '2', '2.000000'],
    ['0', '0', '0'],
    ['0.0000001', '0.000001', '0.000001'],
  ])('%s rounds up to %s and reads %s', (value, rounded, text) => {
    expect(roundCoinQuantityUp(new Decimal(value)).toFixed()).toBe(rounded);
    expect(coinQuantityString(new Decimal(value))).toBe(text);
  });

  it.each([
    ['1.23456789', 4, 'half-up', '1.2346'],
    ['1.23454', 4, 'half-up', '1.2345'],
    ['1.23451', 4, 'up', '1.2346'],
    ['1.23459', 4, 'down', '1.2345'],
    ['2', 6, 'half-up', '2.000000'],
  ] as const)('formatCoin(%s, %i, %s) → %s', (quantity, decimals, rounding, expected) => {
    expect(formatCoin(quantity, decimals, rounding)).toBe(expected);
    expect(formatCoin(new Decimal(quantity), decimals, rounding)).toBe(expected);
  });
});

describe('decimalToCents', () => {
  it.each([
    ['1234.5', 'half-up', 1235],
    ['1234.49', 'half-up', 1234],
    ['1234.01', 'up', 1235],
    ['1234.99', 'down', 1234],
  ] as const)('%s (%s) → %i', (value, rounding, expected) => {
    expect(decimalToCents(new Decimal(value), rounding)).toBe(expected);
  });

  it('refuses infinities and unsafe amounts', () => {
    expect(domainErrorCode(() => decimalToCents(new Decimal(Number.POSITIVE_INFINITY)))).toBe(
      'INVALID_AMOUNT',
    );
    expect(domainErrorCode(() => decimalToCents(new Decimal('1e20')))).toBe('INVALID_AMOUNT');
  });
});

describe('formatPct', () => {
  it.each([
    [8.91, 3, '8.910%'],
    ['11.5', 3, '11.500%'],
    [new Decimal('9.9539939'), 3, '9.954%'],
    [new Decimal('50.4999'), 1, '50.5%'],
    [new Decimal('66.666666'), 2, '66.67%'],
    [75, 1, '75.0%'],
  ])('%s with %i decimals → %s', (value, decimals, expected) => {
    expect(formatPct(value, decimals)).toBe(expected);
  });
});

describe('formatRatePct and formatRateBps', () => {
  it('show a rate with three decimals, from a percent or from basis points', () => {
    expect(formatRatePct(8.91)).toBe('8.910%');
    expect(formatRatePct('11.5')).toBe('11.500%');
    expect(formatRateBps(891)).toBe('8.910%');
    expect(formatRateBps(1150)).toBe('11.500%');
  });
});

describe('toFiniteDecimal', () => {
  it.each([
    [8.91, '8.91'],
    ['1.5', '1.5'],
    ['-2', '-2'],
  ])('%j → %s', (value, expected) => {
    expect(toFiniteDecimal(value).toFixed()).toBe(expected);
  });

  it.each(['abc', '', Number.NaN, Number.POSITIVE_INFINITY, 'Infinity'])('refuses %j', (value) => {
    expect(domainErrorCode(() => toFiniteDecimal(value, 'INVALID_LTV'))).toBe('INVALID_LTV');
    expect(domainErrorCode(() => formatPct(value, 2))).toBe('INVALID_NUMBER');
  });
});

describe('countDecimals', () => {
  it.each([
    ['1', 0],
    ['1.', 0],
    ['1.5', 1],
    ['0.123456', 6],
    ['0.1234567', 7],
    ['1,000.125', 3],
    [' 2.50 ', 2],
    ['', 0],
  ])('%j → %i', (text, expected) => {
    expect(countDecimals(text)).toBe(expected);
  });
});

describe('formatWholeNumber', () => {
  it('groups thousands and rounds to a whole number as Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const value of [0, 7, 999, 1000, 20000, 250000, 2000000, 1234567.5, 20000.49, -1500]) {
      expect(formatWholeNumber(value)).toBe(intl.format(value));
    }
  });

  it('refuses what is not a finite number', () => {
    expect(() => formatWholeNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatWholeNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
