import { describe, expect, it } from 'vitest';
import { REDACTION_CENSOR } from '../src/logger.js';
import { captureLogger } from './helpers/app.js';
import { withTestApp } from './helpers/test-app.js';
import { expectNoSecretInLog } from './helpers/log-secrets.js';

const SSN = '123-45-6789';
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.secret-payload.signature';
const ACCOUNT_NUMBER = '000123456789';

describe('log redaction', () => {
  it('keeps credentials and personal fields out of the logs', async () => {
    const { logger, lines } = captureLogger();
    await withTestApp(
      async ({ app }) => {
        // A route that fails unexpectedly, so that the error path logs the request body.
        app.post('/failing-form', async () => {
          throw new Error('boom');
        });
        const failed = await app.inject({
          method: 'POST',
          url: '/failing-form',
          headers: { authorization: `Bearer ${TOKEN}`, cookie: `session=${TOKEN}` },
          payload: {
            firstName: 'Ada',
            ssn: SSN,
            bank: { accountNumber: ACCOUNT_NUMBER, routingNumber: '011000015' },
            otp: '123456',
            code: '654321',
          },
        });
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
        expect(failed.body).not.toContain('boom');

        await app.inject({
          method: 'GET',
          url: '/healthz',
          headers: { authorization: `Bearer ${TOKEN}` },
        });

        const output = lines.join('');
        // The log lines exist (the test would pass vacuously otherwise) ...
        expect(output).toContain('request failed');
        expect(output).toContain('bank.accountNumber');
        expect(output).toContain(REDACTION_CENSOR);
        // ... and hold none of the secrets, nor any other value of the body.
        expectNoSecretInLog(output, [
          SSN,
          TOKEN,
          ACCOUNT_NUMBER,
          '011000015',
          '123456',
          '654321',
          'Ada',
        ]);
      },
      { logger },
    );
  });
});
