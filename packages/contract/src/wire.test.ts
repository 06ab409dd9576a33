import { describe, expect, it } from 'vitest';
import {
  ZCoinQuantity,
  ZCoinQuantityInput,
  ZCoinQuantityInputOrZero,
  ZHref,
  ZLocalPath,
  ZPositiveUsd,
  ZUsd,
} from './wire.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('ZUsd', () => {
  it.each([0, 0.07, 5001, 250001.5, 1999999.99])('accepts %s', (usd) => {
    expect(ZUsd.safeParse(usd).success).toBe(true);
  });
  it.each([-1, 1.001, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses %s',
    (usd) => {
      expect(ZUsd.safeParse(usd).success).toBe(false);
    },
  );
  it('refuses zero where a positive amount is needed', () => {
    expect(ZPositiveUsd.safeParse(0).success).toBe(false);
    expect(ZPositiveUsd.safeParse(0.01).success).toBe(true);
  });
});

describe('coin quantities', () => {
  it.each(['0', '1', '1.25', '0.000001', '21000000.123456789'])('answers carry %s', (value) => {
    expect(ZCoinQuantity.safeParse(value).success).toBe(true);
  });
  it.each(['', '-1', '1e3', '01', '1.', '.5', '1,000', 'abc'])(
    'answers never carry %j',
    (value) => {
      expect(ZCoinQuantity.safeParse(value).success).toBe(false);
    },
  );

  it.each([
    ['1.5', []],
    [' 2 ', []],
    ['0.000001', []],
    ['0', ['Must be greater than 0']],
    ['0.000000', ['Must be greater than 0']],
    ['1.1234567', ['Maximum of 6 decimal places.']],
    ['abc', ['Must be a decimal number']],
  ])('a typed quantity %j gives %j', (value, messages) => {
    expect(messagesOf(ZCoinQuantityInput.safeParse(value))).toEqual(messages);
  });

  it('allows a zero top-up', () => {
    expect(ZCoinQuantityInputOrZero.parse('0')).toBe('0');
    expect(ZCoinQuantityInputOrZero.safeParse('0.1234567').success).toBe(false);
  });
});

describe('links', () => {
  it.each(['/privacy', 'https://example.com/terms', 'http://localhost:3000/x'])(
    'ZHref accepts %s',
    (href) => {
      expect(ZHref.safeParse(href).success).toBe(true);
    },
  );
  it.each(['//evil.example', 'javascript:alert(1)', 'terms', 'ftp://example.com'])(
    'ZHref refuses %s',
    (href) => {
      expect(ZHref.safeParse(href).success).toBe(false);
    },
  );
  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'start'])(
    'ZLocalPath refuses %s',
    (path) => {
      expect(ZLocalPath.safeParse(path).success).toBe(false);
    },
  );
  it('ZLocalPath accepts a path of this site', () => {
    expect(ZLocalPath.safeParse('/account/crypto-backed-loan/start?state=OH').success).toBe(true);
  });
});
