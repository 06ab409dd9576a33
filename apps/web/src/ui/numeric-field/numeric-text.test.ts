import { describe, expect, it } from 'vitest';
import { NUMERIC_INPUT_MAX_DECIMALS } from '@pledge/domain';
import { numericEditError } from './numeric-text.js';

const NOT_A_NUMBER = 'Enter a number';
const TOO_MANY = `Maximum of ${NUMERIC_INPUT_MAX_DECIMALS} decimal places.`;

describe('numericEditError', () => {
  it.each([
    ['', {}, null],
    ['12', {}, null],
    ['12.', {}, null],
    ['.5', {}, null],
    ['0.123456', {}, null],
    ['0.1234567', {}, TOO_MANY],
    ['1,000', {}, NOT_A_NUMBER],
    ['1,000.5', { allowCommas: true }, null],
    ['1,000.5,0', { allowCommas: true }, NOT_A_NUMBER],
    ['1.2.3', {}, NOT_A_NUMBER],
    ['-1', {}, NOT_A_NUMBER],
    ['1e5', {}, NOT_A_NUMBER],
    ['12.345', { maxDecimals: 2 }, 'Maximum of 2 decimal places.'],
  ])('%j with %j → %j', (text, rules, expected) => {
    expect(numericEditError(text, rules)).toBe(expected);
  });
});
