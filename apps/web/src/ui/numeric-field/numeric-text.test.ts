import { describe, expect, it } from 'vitest';
import { NUMERIC_INPUT_MAX_DECIMALS } from '@pledge/domain';
import { normalizeNumericText, numericEditError } from './numeric-text.js';

const NOT_A_NUMBER = 'Enter an Amount';
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

describe('normalizeNumericText', () => {
  const CASH = { allowCommas: true, maxDecimals: 2 };
  it.each([
    ['0.12345678', {}, '0.123456', TOO_MANY],
    ['1,5', {}, '1.5', null],
    ['0,123', {}, '0.123', null],
    ['20 000', {}, '20000', null],
    ['20\u00a0000', CASH, '20000', null],
    ['$20,000', {}, '20000', null],
    ['$20,000', CASH, '20,000', null],
    [' $1,234,567.891 ', CASH, '1,234,567.89', 'Maximum of 2 decimal places.'],
    ['1e3', {}, null, NOT_A_NUMBER],
    ['1E3', CASH, null, NOT_A_NUMBER],
    ['-5', {}, null, NOT_A_NUMBER],
    ['1,2,3', CASH, null, NOT_A_NUMBER],
    ['abc', {}, null, NOT_A_NUMBER],
    ['12.5', {}, '12.5', null],
  ])('%j with %j → %j, %j', (raw, rules, text, message) => {
    expect(normalizeNumericText(raw, rules)).toEqual({ text, message });
  });
});
