import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPostLegacyLoginResponse, TPostOtpVerifyResponse } from '@pledge/contract';
import { SANDBOX_LEGACY_BORROWERS } from '../../src/services/identity/seed-identities.js';
import { buildTestApp, captureLogger } from '../helpers/app.js';
import type { TTestDatabase } from '../helpers/db.js';
import { expectNoSecretInLog } from '../helpers/log-secrets.js';
import { bearer, brokerPath, figureInfo, latestCode, NONCE, totpAt } from './sign-in.js';
import { createSeededDatabase } from '../helpers/seeded-db.js';
import { closeTestApp } from '../helpers/test-app.js';

const SSN = '123-45-6789';

describe('sign-in logs', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const captured = captureLogger();

  beforeAll(async () => {
    database = await createSeededDatabase();
    app = await buildTestApp({ database, logger: captured.logger });
    // A route that fails unexpectedly, so that the request body reaches the error log.
    app.post('/identity/api/v1/failing-login', async () => {
      throw new Error('boom');
    });
  });
  afterAll(() => closeTestApp({ database, app }));

  it('never holds a code, a password, a token or an SSN', async () => {
    const email = 'quiet-logs@example.com';
    await app.inject({
      method: 'POST',
      url: brokerPath('customer', '/api/v3/otp/start'),
      payload: { email },
    });
    const code = await latestCode(app, email);
    const wrong = ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');
    await app.inject({
      method: 'POST',
      url: brokerPath('customer', '/api/v3/otp/verify'),
      payload: { email, code: wrong, nonce: NONCE },
    });
    const verified = await app.inject({
      method: 'POST',
      url: brokerPath('customer', '/api/v3/otp/verify'),
      payload: { email, code, nonce: NONCE },
    });
    const { jwt } = verified.json() as TPostOtpVerifyResponse;
    await figureInfo(app, jwt);
    await app.inject({
      method: 'POST',
      url: brokerPath('customer', '/secure/api/v3/logout'),
      headers: bearer(jwt),
    });
    await figureInfo(app, jwt);

    const twoFactor = SANDBOX_LEGACY_BORROWERS[1];
    if (twoFactor?.totpSecret === undefined) throw new Error('no two-factor borrower');
    const totp = totpAt(twoFactor.totpSecret, new Date());
    const legacy = await app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      payload: { email: twoFactor.email, password: twoFactor.password, totp },
    });
    const legacyJwt = (legacy.json() as TPostLegacyLoginResponse).jwt;
    await app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      payload: { email: twoFactor.email, password: 'pass_wrong_secret' },
    });
    const failed = await app.inject({
      method: 'POST',
      url: '/identity/api/v1/failing-login',
      payload: { email, password: 'pass_in_a_crash', totp, code, jwt, ssn: SSN },
    });
    expect(failed.statusCode).toBe(500);

    const output = captured.lines.join('');
    // The log lines exist and name the requests ...
    expect(output).toContain('/api/v3/otp/verify');
    expect(output).toContain('request failed');
    expect(output).toContain('request refused');
    // ... and hold none of the secrets.
    expectNoSecretInLog(output, [
      code,
      wrong,
      jwt,
      legacyJwt,
      totp,
      'pass_good',
      'pass_wrong_secret',
      'pass_in_a_crash',
      SSN,
    ]);
  });
});
