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

/**
 * An agent's code request answers no sooner than this after it arrives, whatever the address, so
 * the work of queueing a real agent's e-mail tells nobody which addresses are agents.
 */
export const AGENT_OTP_START_ANSWER_MS = 400;

/** Wrong tries allowed on one code; the last of them burns it. */
export const OTP_MAX_WRONG_ATTEMPTS = 5;

/** A begun sign-in (nonce → return path) is remembered this long. */
export const SIGN_IN_REQUEST_TTL_MS = 30 * MINUTE_MS;

/** Expired rows (codes, begun sign-ins, revocations) removed per write, so no job is needed. */
export const PRUNE_BATCH_ROWS = 100;

/**
 * Limits that stop the attacker, not the person. Tries are counted per address AND device or
 * source together and per source; an address alone is never blocked, so that what someone else
 * does, from elsewhere, never locks the owner out:
 * - a code is bound to the device that asked for it (its sign-in nonce, else its source address):
 *   only that device's wrong tries count against it, and only its own next request replaces it;
 * - a code is burnt after OTP_MAX_WRONG_ATTEMPTS misses of its device, and a new code starts with
 *   none, so guesses per device are bounded by how fast that device may ask for codes;
 * - misses against one address from all devices together have a ceiling: past it, every further
 *   miss burns the code it was made on at once. Only those who miss reach it; the right code is
 *   still taken, so an attacker exhausts it only for themselves;
 * - the password path has a per-address threshold of its own (a delay of a few minutes) and never
 *   touches the code path's buckets.
 */
export const SIGN_IN_RATE_LIMITS = {
  brokerLoginPerIp: { name: 'broker-login:ip', max: 60, windowMs: RATE_WINDOW_MS },
  otpStartPerAddressAndIp: { name: 'otp-start:address+ip', max: 5, windowMs: RATE_WINDOW_MS },
  otpStartPerIp: { name: 'otp-start:ip', max: 20, windowMs: RATE_WINDOW_MS },
  /** Paces codes to one address for one device: slows sending, never stops it for long. */
  otpStartPerAddressAndDevice: {
    name: 'otp-start:address+device-pace',
    max: 3,
    windowMs: MINUTE_MS,
  },
  /** Misses against one address from every device; past it, a miss burns its code at once. */
  otpMissesPerAddress: { name: 'otp-verify:address-misses', max: 30, windowMs: RATE_WINDOW_MS },
  otpVerifyPerAddressAndIp: { name: 'otp-verify:address+ip', max: 10, windowMs: RATE_WINDOW_MS },
  otpVerifyPerIp: { name: 'otp-verify:ip', max: 50, windowMs: RATE_WINDOW_MS },
  passwordLoginPerAddressAndIp: {
    name: 'password-login:address+ip',
    max: 5,
    windowMs: RATE_WINDOW_MS,
  },
  passwordLoginPerIp: { name: 'password-login:ip', max: 20, windowMs: RATE_WINDOW_MS },
  /** From all sources together: at most a delay on this path; the code path stays open. */
  passwordLoginPerAddress: {
    name: 'password-login:address-pace',
    max: 10,
    windowMs: 5 * MINUTE_MS,
  },
  aliasChangePerIdentity: { name: 'alias-change:identity', max: 10, windowMs: RATE_WINDOW_MS },
  aliasConfirmPerIdentity: { name: 'alias-confirm:identity', max: 10, windowMs: RATE_WINDOW_MS },
  aliasUndoPerIp: { name: 'alias-undo:ip', max: 20, windowMs: RATE_WINDOW_MS },
  /** Codes e-mailed to the current address before a change of address (step-up). */
  stepUpCodePerIdentity: { name: 'step-up-code:identity', max: 5, windowMs: RATE_WINDOW_MS },
} as const satisfies Record<string, TRateLimitRule>;

/** The bucket subject of an address seen from one source. */
export function addressAndSource(address: string, ip: string): string {
  return `${address}\u0000${ip}`;
}

/**
 * The device a code belongs to: the sign-in nonce it was asked with, else the source address of
 * the request (a caller that names no nonce).
 */
export function signInDeviceOf(input: { nonce?: string | undefined; ip: string }): string {
  return input.nonce === undefined ? `ip\u0000${input.ip}` : `nonce\u0000${input.nonce}`;
}

/** A pending change of sign-in address waits this long for the code sent to the new address. */
export const EMAIL_CHANGE_CODE_TTL_MS = OTP_CODE_TTL_MS;

/** A code proving the current address (step-up before a change of address) lives this long. */
export const STEP_UP_CODE_TTL_MS = OTP_CODE_TTL_MS;

/** The old address may undo a change of sign-in address this long after it. */
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * MINUTE_MS;
