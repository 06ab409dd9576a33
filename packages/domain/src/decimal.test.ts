import { describe, expect, it } from 'vitest';
import {
  annualPercentageRate,
  interestOnlyPayments,
  presentValueCents,
  solveUnitPeriodRate,
} from './apr.js';
import { Decimal, type TDecimalValue, type TRoundingMode } from './decimal.js';

const { ROUND_UP, ROUND_DOWN, ROUND_CEIL, ROUND_FLOOR, ROUND_HALF_UP, ROUND_HALF_DOWN } = Decimal;
const { ROUND_HALF_EVEN } = Decimal;

describe('parsing', () => {
  it.each([
    ['1.25', '1.25'],
    ['-1.25', '-1.25'],
    ['+7', '7'],
    ['2.50', '2.5'],
    ['1.', '1'],
    ['.5', '0.5'],
    ['000.0100', '0.01'],
    ['-0', '0'],
    ['1e3', '1000'],
    ['1.5E-3', '0.0015'],
    ['1e25', '10000000000000000000000000'],
    ['1.5e-20', '0.000000000000000000015'],
    [
      '0.123456789012345678901234567890123456789012345',
      '0.123456789012345678901234567890123456789012345',
    ],
    [0.1, '0.1'],
    [-0.5, '-0.5'],
    [1e21, '1000000000000000000000'],
    [1e-7, '0.0000001'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    [-0, '0'],
  ] as const)('%j reads as %s', (value, text) => {
    expect(new Decimal(value).toString()).toBe(text);
  });

  it('keeps every digit it is given (no rounding on input)', () => {
    const digits = `0.${'7'.repeat(60)}`;
    expect(new Decimal(digits).toString()).toBe(digits);
  });

  it.each(['', '.', ' 1', '1 ', 'abc', '1,5', '--1', '1e', '0x10', '1e1001', 'infinity'])(
    'refuses %j',
    (text) => {
      expect(() => new Decimal(text)).toThrow();
    },
  );

  it.each([
    ['NaN', 'NaN', false],
    ['Infinity', 'Infinity', false],
    ['-Infinity', '-Infinity', false],
    [Number.NaN, 'NaN', false],
    [Number.NEGATIVE_INFINITY, '-Infinity', false],
    ['1', '1', true],
  ] as const)('%j is %s (finite: %s)', (value, text, isFinite) => {
    const decimal = new Decimal(value);
    expect(decimal.toString()).toBe(text);
    expect(decimal.isFinite()).toBe(isFinite);
  });

  it('copies another Decimal', () => {
    const original = new Decimal('-3.75');
    expect(new Decimal(original).eq(original)).toBe(true);
  });

  it.each([
    [-15n, 4, '-0.0015', 4],
    [1500n, 2, '15', 0],
    [12n, -3, '12000', 0],
    [0n, 7, '0', 0],
  ] as const)('takes digits %s shifted right by %s places as %s', (digits, places, text, dp) => {
    const decimal = new Decimal(digits, places);
    expect(decimal.toString()).toBe(text);
    expect(decimal.decimalPlaces()).toBe(dp);
    expect(decimal.eq(text)).toBe(true);
  });
});

describe('exact arithmetic', () => {
  it.each([
    ['0.1', 'plus', '0.2', '0.3'],
    ['1.005', 'minus', '0.005', '1'],
    ['1.1', 'times', '3', '3.3'],
    ['-2.5', 'plus', '2.5', '0'],
    [
      '123456789.123456789',
      'times',
      '987654321.987654321',
      '121932631356500531.347203169112635269',
    ],
    [
      '0.000000000000000001',
      'times',
      '0.000000000000000001',
      '0.000000000000000000000000000000000001',
    ],
    ['10', 'div', '4', '2.5'],
    ['-9', 'div', '0.3', '-30'],
    ['1', 'div', '3', `0.${'3'.repeat(40)}`],
    ['2', 'div', '3', `0.${'6'.repeat(39)}7`],
    ['-1', 'div', '3', `-0.${'3'.repeat(40)}`],
    ['1', 'div', '7', '0.1428571428571428571428571428571428571429'],
    ['1000000', 'div', '3', `333333.${'3'.repeat(34)}`],
  ] as const)('%s %s %s = %s', (a, operation, b, expected) => {
    expect(new Decimal(a)[operation](b).toString()).toBe(expected);
  });

  it('rounds a result of more than 40 significant digits half-up', () => {
    const sum = new Decimal('12345678901234567890.12345678901234567890').plus('5e-21');
    expect(sum.toString()).toBe('12345678901234567890.12345678901234567891');
    expect(new Decimal('9999999999999999999999999999999999999999.5').plus(0).toString()).toBe(
      `1${'0'.repeat(40)}`,
    );
  });

  it('accepts numbers and strings as operands', () => {
    expect(new Decimal(1).plus(0.5).times('2').minus(1).div(4).toString()).toBe('0.5');
  });

  it('negates and takes the absolute value', () => {
    expect(new Decimal('1.5').negated().toString()).toBe('-1.5');
    expect(new Decimal('-1.5').abs().toString()).toBe('1.5');
    expect(new Decimal('0').negated().isNegative()).toBe(false);
  });

  it.each([
    ['1', 'div', '0', 'Infinity'],
    ['-1', 'div', '0', '-Infinity'],
    ['0', 'div', '0', 'NaN'],
    ['Infinity', 'plus', '1', 'Infinity'],
    ['Infinity', 'minus', 'Infinity', 'NaN'],
    ['Infinity', 'times', '0', 'NaN'],
    ['-Infinity', 'times', '-2', 'Infinity'],
    ['5', 'div', 'Infinity', '0'],
    ['NaN', 'plus', '1', 'NaN'],
  ] as const)('%s %s %s = %s, as in IEEE 754', (a, operation, b, expected) => {
    expect(new Decimal(a)[operation](b).toString()).toBe(expected);
  });
});

describe('scaling by powers of ten beyond the cached ones', () => {
  it('divides and strips trailing zeros the same with 10^20 and with 10^200', () => {
    expect(new Decimal('1e20').div('1e19').toString()).toBe('10');
    expect(new Decimal('1e200').div('1e199').toString()).toBe('10');
    expect(new Decimal('1e200').plus(1).minus('1e200').toString()).toBe('0');
    expect(new Decimal(`1${'0'.repeat(150)}`).times('0.5').toString()).toBe(`5${'0'.repeat(149)}`);
  });

  it('strips any number of trailing zeros after the point', () => {
    for (const zeros of [1, 3, 4, 15, 16, 17, 33, 40]) {
      expect(new Decimal(`1.5${'0'.repeat(zeros)}`).toString()).toBe('1.5');
      expect(new Decimal(`7${'0'.repeat(zeros)}`).div(`1${'0'.repeat(zeros)}`).toString()).toBe(
        '7',
      );
    }
  });

  it('rounds a quotient of every length to 40 significant digits', () => {
    for (const digits of [1, 9, 10, 39, 40, 41, 127, 128, 129]) {
      const quotient = new Decimal(`1${'0'.repeat(digits)}`).div(3);
      const significant = quotient
        .toString()
        .replace('.', '')
        .replace(/^0+/, '')
        .replace(/0+$/, '');
      expect(significant).toBe('3'.repeat(40));
    }
  });
});

describe('division by a power of ten', () => {
  it.each([
    ['12345.678', '100', '123.45678'],
    ['12345.678', '-1000', '-12.345678'],
    ['-5', '0.01', '-500'],
    ['7', '1', '7'],
    ['3', '1e45', '0.000000000000000000000000000000000000000000003'],
  ] as const)('%s ÷ %s = %s, exactly', (a, b, expected) => {
    expect(new Decimal(a).div(b).toString()).toBe(expected);
  });

  it('rounds to 40 significant digits like any quotient', () => {
    // 42 digits: the two after the point go, and .75 rounds the last one kept up.
    const digits = `1${'2'.repeat(39)}75`;
    expect(new Decimal(digits).div(100).toString()).toBe(`1${'2'.repeat(38)}3`);
    expect(new Decimal(digits).div(100).eq(new Decimal(digits).times('0.01'))).toBe(true);
    expect(new Decimal(`1${'2'.repeat(39)}25`).div(100).toString()).toBe(`1${'2'.repeat(39)}`);
  });
});

describe('whole powers', () => {
  it.each([
    ['1.1', 12, '3.138428376721'],
    ['2', -3, '0.125'],
    ['1.0074', -12, '0.915327776699632576141016825750116153812'],
    ['-3', 3, '-27'],
    ['7.5', 0, '1'],
    ['0', 5, '0'],
  ] as const)('%s ^ %i = %s', (base, exponent, expected) => {
    expect(new Decimal(base).pow(exponent).toString()).toBe(expected);
  });

  it.each([0.5, Number.NaN, 1001])('refuses the power %d', (exponent) => {
    expect(() => new Decimal(2).pow(exponent)).toThrow(RangeError);
  });
});

describe('rounding to decimal places', () => {
  it.each([
    ['2.5', ROUND_UP, '3'],
    ['2.5', ROUND_DOWN, '2'],
    ['2.5', ROUND_CEIL, '3'],
    ['2.5', ROUND_FLOOR, '2'],
    ['2.5', ROUND_HALF_UP, '3'],
    ['2.5', ROUND_HALF_DOWN, '2'],
    ['2.5', ROUND_HALF_EVEN, '2'],
    ['3.5', ROUND_HALF_EVEN, '4'],
    ['-2.5', ROUND_UP, '-3'],
    ['-2.5', ROUND_DOWN, '-2'],
    ['-2.5', ROUND_CEIL, '-2'],
    ['-2.5', ROUND_FLOOR, '-3'],
    ['-2.5', ROUND_HALF_UP, '-3'],
    ['-2.5', ROUND_HALF_DOWN, '-2'],
    ['-2.5', ROUND_HALF_EVEN, '-2'],
    ['2.51', ROUND_HALF_DOWN, '3'],
    ['-2.49', ROUND_HALF_UP, '-2'],
    ['7', ROUND_UP, '7'],
  ] as const)('%s to 0 places with mode %i → %s', (value, mode, expected) => {
    expect(new Decimal(value).toDecimalPlaces(0, mode as TRoundingMode).toString()).toBe(expected);
  });

  it.each([
    ['1.23456789', 4, undefined, '1.2346'],
    ['1.23454', 4, undefined, '1.2345'],
    ['1.23451', 4, ROUND_UP, '1.2346'],
    ['0.0000001', 6, ROUND_UP, '0.000001'],
    ['1.5', 3, undefined, '1.5'],
  ] as const)('%s to %i places (mode %s) → %s', (value, places, mode, expected) => {
    expect(new Decimal(value).toDecimalPlaces(places, mode).toString()).toBe(expected);
  });

  it.each([
    ['2.7', '2', '3', '3'],
    ['2.2', '2', '3', '2'],
    ['-2.5', '-3', '-2', '-3'],
    ['-2.2', '-3', '-2', '-2'],
    ['4', '4', '4', '4'],
  ])('%s: floor %s, ceil %s, round %s', (value, floor, ceil, round) => {
    const decimal = new Decimal(value);
    expect(decimal.floor().toString()).toBe(floor);
    expect(decimal.ceil().toString()).toBe(ceil);
    expect(decimal.round().toString()).toBe(round);
  });

  it.each([-1, 1.5, 1001])('refuses %d decimal places', (places) => {
    expect(() => new Decimal(1).toDecimalPlaces(places)).toThrow(RangeError);
  });

  it('refuses an unknown rounding mode', () => {
    expect(() => new Decimal(1).toDecimalPlaces(0, 7 as TRoundingMode)).toThrow(RangeError);
  });
});

describe('toFixed, toString and toNumber', () => {
  it.each([
    ['2', 6, undefined, '2.000000'],
    ['1.23456789', 4, undefined, '1.2346'],
    ['9.9539939', 3, undefined, '9.954'],
    ['50.4999', 1, undefined, '50.5'],
    ['1.23459', 4, ROUND_DOWN, '1.2345'],
    ['2.5', 0, undefined, '3'],
    ['-0.001', 2, undefined, '0.00'],
    ['1e25', 2, undefined, '10000000000000000000000000.00'],
    ['0.1', undefined, undefined, '0.1'],
    ['Infinity', 2, undefined, 'Infinity'],
  ] as const)('%s toFixed(%s, %s) → %s', (value, places, mode, expected) => {
    expect(new Decimal(value).toFixed(places, mode)).toBe(expected);
  });

  it('prints plain notation, never an exponent', () => {
    expect(new Decimal('1e-30').toString()).toBe(`0.${'0'.repeat(29)}1`);
    expect(new Decimal('1e30').toString()).toBe(`1${'0'.repeat(30)}`);
    expect(JSON.stringify({ quantity: new Decimal('1.50') })).toBe('{"quantity":"1.5"}');
  });

  it.each([
    ['8.91', 8.91],
    ['-0.5', -0.5],
    ['0.1', 0.1],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('%s as a number is %d', (value, number) => {
    expect(new Decimal(value).toNumber()).toBe(number);
  });

  it.each([
    ['1.25', 2],
    ['2.50', 1],
    ['100', 0],
    ['1e-5', 5],
  ])('%s has %i decimal places', (value, places) => {
    expect(new Decimal(value).decimalPlaces()).toBe(places);
  });
});

describe('comparisons', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.50', '1.5', 0],
    ['-0.1', '0', -1],
    ['0.000000000000000000000000000000000000000001', '0', 1],
    ['-Infinity', '-1e100', -1],
    ['Infinity', 'Infinity', 0],
  ] as const)('%s compared to %s is %i', (a, b, order) => {
    const decimal = new Decimal(a);
    expect(decimal.comparedTo(b)).toBe(order);
    expect(decimal.eq(b)).toBe(order === 0);
    expect(decimal.lt(b)).toBe(order === -1);
    expect(decimal.lessThan(b)).toBe(order === -1);
    expect(decimal.lte(b)).toBe(order !== 1);
    expect(decimal.gt(b)).toBe(order === 1);
    expect(decimal.greaterThan(b)).toBe(order === 1);
    expect(decimal.gte(b)).toBe(order !== -1);
  });

  it('is neither less, equal nor greater when NaN is involved', () => {
    const nan = new Decimal(Number.NaN);
    expect(nan.comparedTo(1)).toBeNaN();
    expect([nan.lt(1), nan.lte(1), nan.eq(nan), nan.gt(1), nan.gte(1)]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it.each([
    [['1', '3', '2'], '3', '1'],
    [['-1', 0, '-0.5'], '0', '-1'],
    [[new Decimal('2.5')], '2.5', '2.5'],
    [['1', 'NaN'], 'NaN', 'NaN'],
  ] as [TDecimalValue[], string, string][])(
    'max and min of %j are %s and %s',
    (values, max, min) => {
      expect(Decimal.max(...values).toString()).toBe(max);
      expect(Decimal.min(...values).toString()).toBe(min);
    },
  );

  it.each([
    ['0', true, false],
    ['-0.1', false, true],
    ['-Infinity', false, true],
    ['NaN', false, false],
  ])('%s: zero %s, negative %s', (value, isZero, isNegative) => {
    const decimal = new Decimal(value);
    expect(decimal.isZero()).toBe(isZero);
    expect(decimal.isNegative()).toBe(isNegative);
  });
});

describe('the APR solver on these decimals', () => {
  it.each([
    // $10,000 drawn, 1% fee capitalised: $10,100 at the tier rate, interest only for 12 months.
    [891, '9.954'],
    [1150, '12.559'],
  ])('converges for a %i bps loan to an APR of %s%%', (rateBps, apr) => {
    const input = {
      amountFinancedCents: 1000000,
      payments: interestOnlyPayments(1010000, rateBps, 12),
    };
    expect(annualPercentageRate(input).toFixed(3)).toBe(apr);
    const monthlyRate = solveUnitPeriodRate(input);
    const gap = presentValueCents(input.payments, monthlyRate).minus(input.amountFinancedCents);
    expect(gap.abs().lt('0.000001')).toBe(true);
  });
});
