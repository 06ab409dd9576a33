/**
 * Every number of the sign-in rules, in one place: code life and tries, how long a begun sign-in
 * is remembered, and the rate limits of each sign-in call (per address and per IP, shared by all
 * instances through PostgreSQL).
 */
import type { TRateLimitRule } from '../../security/rate-limit.js';

const MINUTE_MS = 60_000;
const RATE_WINDOW_MS = 15 * MINUTE_MS;

/** An emailed code is valid this long after it was sent. */
export const OTP_CODE_TTL_MS = 10 * MINUTE_MS;

/** Wrong tries allowed on one code; the last of them burns it. */
export const OTP_MAX_WRONG_ATTEMPTS = 5;

/** A begun sign-in (nonce → return path) is remembered this long. */
export const SIGN_IN_REQUEST_TTL_MS = 30 * MINUTE_MS;

/** Expired rows (codes, begun sign-ins, revocations) removed per write, so no job is needed. */
export const PRUNE_BATCH_ROWS = 100;

export const SIGN_IN_RATE_LIMITS = {
  brokerLoginPerIp: { name: 'broker-login:ip', max: 60, windowMs: RATE_WINDOW_MS },
  otpStartPerAddress: { name: 'otp-start:address', max: 5, windowMs: RATE_WINDOW_MS },
  otpStartPerIp: { name: 'otp-start:ip', max: 20, windowMs: RATE_WINDOW_MS },
  otpVerifyPerAddress: { name: 'otp-verify:address', max: 10, windowMs: RATE_WINDOW_MS },
  otpVerifyPerIp: { name: 'otp-verify:ip', max: 50, windowMs: RATE_WINDOW_MS },
  passwordLoginPerAddress: { name: 'password-login:address', max: 5, windowMs: RATE_WINDOW_MS },
  passwordLoginPerIp: { name: 'password-login:ip', max: 20, windowMs: RATE_WINDOW_MS },
  aliasChangePerIdentity: { name: 'alias-change:identity', max: 10, windowMs: RATE_WINDOW_MS },
} as const satisfies Record<string, TRateLimitRule>;
