/** Drives the broker sign-in of the sandbox through HTTP, as a browser would. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TGetSandboxMailboxResponse, TPostOtpVerifyResponse } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { base32Decode, totpCode, totpStepAt } from '../../src/security/totp.js';

export const NONCE = 'c0ffee00c0ffee00c0ffee00c0ffee00';

/** The password sign-in, the caller's identity, its sign-in address and its step-up code. */
export const LOGIN = '/identity/api/v1/login';
export const IDENTITY = '/identity/secure/api/v1/identity';
export const ALIAS = `${IDENTITY}/alias`;
export const STEP_UP = `${IDENTITY}/step-up`;

/** A code other than the right one. */
export function wrongCodeFor(code: string): string {
  return ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');
}

export function brokerPath(audience: TSignInAudience, path: string): string {
  return `/identity-broker/${audience}${path}`;
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date()) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export async function mailbox(app: FastifyInstance, to: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/sandbox/mailbox?to=${encodeURIComponent(to)}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as TGetSandboxMailboxResponse).messages;
}

/** The code of the newest e-mail to an address. */
export async function latestCode(
  app: FastifyInstance,
  to: string,
  pattern: RegExp = /sign-in code is (\d{6})\./,
): Promise<string> {
  const [message] = await mailbox(app, to);
  const code = pattern.exec(message?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`No sign-in code was e-mailed to ${to}`);
  return code;
}

export async function startOtp(
  app: FastifyInstance,
  email: string,
  options: {
    audience?: TSignInAudience;
    remoteAddress?: string;
    org?: string;
    nonce?: string;
  } = {},
) {
  return app.inject({
    method: 'POST',
    url: brokerPath(options.audience ?? 'customer', '/api/v3/otp/start'),
    payload: { email, ...(options.nonce !== undefined ? { nonce: options.nonce } : {}) },
    ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.org !== undefined ? { headers: { 'x-organization': options.org } } : {}),
  });
}

export async function verifyOtp(
  app: FastifyInstance,
  body: { email: string; code: string; nonce?: string; totp?: string },
  options: { audience?: TSignInAudience; org?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: brokerPath(options.audience ?? 'customer', '/api/v3/otp/verify'),
    payload: { nonce: NONCE, ...body },
    ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.org !== undefined ? { headers: { 'x-organization': options.org } } : {}),
  });
}

/** A full sign-in by e-mailed code; answers the token. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  options: { audience?: TSignInAudience; org?: string; remoteAddress?: string } = {},
): Promise<string> {
  const started = await startOtp(app, email, options);
  expect(started.statusCode).toBe(204);
  const verified = await verifyOtp(app, { email, code: await latestCode(app, email) }, options);
  expect(verified.statusCode).toBe(200);
  return (verified.json() as TPostOtpVerifyResponse).jwt;
}

export function bearer(jwt: string) {
  return { authorization: `Bearer ${jwt}` };
}

/** Who holds `jwt`: the broker's figure info, asked as the web app asks it. */
export function figureInfo(
  app: FastifyInstance,
  jwt: string,
  audience: TSignInAudience = 'customer',
) {
  return app.inject({
    method: 'GET',
    url: brokerPath(audience, '/secure/api/v3/self/figureinfo'),
    headers: bearer(jwt),
  });
}

/** The authenticator code of a base32 secret at `at`, or `offsetSteps` steps from it. */
export function totpAt(secretBase32: string, at: Date, offsetSteps = 0): string {
  const secret = base32Decode(secretBase32);
  if (secret === null) throw new Error('bad secret');
  return totpCode(secret, totpStepAt(at) + offsetSteps);
}
