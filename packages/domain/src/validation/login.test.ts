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
