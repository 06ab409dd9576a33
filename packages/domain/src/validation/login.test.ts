import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import { ZLoginRedirect, ZOtpStartForm, ZOtpVerifyForm } from './login.js';

describe('ZLoginRedirect', () => {
  it.each([
    ['/account/crypto-backed-loan/start', true],
    ['/dashboard', true],
    ['//evil.example', false],
    ['https://evil.example', false],
    ['/Upper', false],
    ['', false],
  ] as const)('%s: %s', (value, valid) => {
    expect(ZLoginRedirect.safeParse(value).success).toBe(valid);
  });

  it('explains a refused path', () => {
    expect(fieldErrorsOf(ZLoginRedirect, '//evil.example')).toEqual({
      '': ['Invalid return path'],
    });
  });
});

describe('ZOtpStartForm', () => {
  it.each([
    ['missing', {}, { email: ['Enter a valid email address'] }],
    ['not an email', { email: 'ada' }, { email: ['Enter a valid email address'] }],
    ['an email with spaces around', { email: ' ada@example.com ' }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZOtpStartForm, input)).toEqual(errors);
  });

  /** `local@domain` with exactly these lengths. */
  const address = (local: number, total: number) =>
    `${'a'.repeat(local)}@${'b'.repeat(total - local - 5)}.com`;

  it.each([
    ['254 characters, 64 before the @', address(64, 254), {}],
    ['255 characters', address(64, 255), { email: ['Enter a valid email address'] }],
    ['65 characters before the @', address(65, 100), { email: ['Enter a valid email address'] }],
    ['60,012 characters', address(60, 60_012), { email: ['Enter a valid email address'] }],
  ] as const)('bounds the address as RFC 5321 does: %s', (_label, email, errors) => {
    expect(fieldErrorsOf(ZOtpStartForm, { email })).toEqual(errors);
  });

  it('trims the email', () => {
    expect(ZOtpStartForm.parse({ email: ' ada@example.com ' })).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('ZOtpVerifyForm', () => {
  it.each([
    ['6 digits', '123456', {}],
    ['5 digits', '12345', { code: ['Enter the 6-digit code'] }],
    ['7 digits', '1234567', { code: ['Enter the 6-digit code'] }],
    ['letters', '12345a', { code: ['Enter the 6-digit code'] }],
    ['spaces around', ' 123456 ', {}],
  ] as const)('%s', (_label, code, errors) => {
    expect(fieldErrorsOf(ZOtpVerifyForm, { email: 'ada@example.com', code })).toEqual(errors);
  });

  it('requires the code', () => {
    expect(fieldErrorsOf(ZOtpVerifyForm, { email: 'ada@example.com' })).toEqual({
      code: ['Enter the 6-digit code'],
    });
  });
});
