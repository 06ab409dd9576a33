import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import { ZNumericInput, isDecimalNumberText, isWithinDecimals } from './numeric-input.js';

describe('isWithinDecimals', () => {
  it.each([
    ['1', 6, true],
    ['1.123456', 6, true],
    ['1.1234567', 6, false],
    ['0.10', 1, false],
    ['12.', 0, true],
    ['1,000.25', 2, true],
  ] as const)('%s within %i: %s', (text, max, expected) => {
    expect(isWithinDecimals(text, max)).toBe(expected);
  });

  it('defaults to 6 decimals', () => {
    expect(isWithinDecimals('0.000001')).toBe(true);
    expect(isWithinDecimals('0.0000001')).toBe(false);
  });
});

describe('isDecimalNumberText', () => {
  it.each([
    ['1', true],
    ['1.5', true],
    ['.5', true],
    ['5.', true],
    [' 2 ', true],
    ['-1', false],
    ['1e3', false],
    ['1.2.3', false],
    ['', false],
    ['.', false],
  ] as const)('%o: %s', (text, expected) => {
    expect(isDecimalNumberText(text)).toBe(expected);
  });
});

describe('ZNumericInput', () => {
  it.each([
    ['0.123456', undefined],
    ['0.1234567', ['Maximum of 6 decimal places.']],
    ['abc', ['Enter an Amount']],
    ['', ['Enter an Amount']],
  ] as const)('%o', (input, messages) => {
    expect(fieldErrorsOf(ZNumericInput, input)).toEqual(
      messages === undefined ? {} : { '': messages },
    );
  });
});
