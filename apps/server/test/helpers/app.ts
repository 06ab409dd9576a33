import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAdapters, type TAdapters } from '../../src/adapters/index.js';
import { buildApp } from '../../src/app.js';
import type { TAuthVerifier } from '../../src/http/auth.js';
import { createLogger } from '../../src/logger.js';
import type { TClock } from '../../src/security/jwt.js';
import type { TDatabase } from '../../src/db/pool.js';

export interface TTestAppOptions {
  database: TDatabase;
  sandbox?: boolean;
  webDist?: string;
  adapters?: TAdapters;
  logger?: Logger;
  authVerifier?: TAuthVerifier;
  publicOrigin?: string;
  /** The time of the sign-in rules (codes, tokens, rate limits). */
  clock?: TClock;
}

/** Keys of this test process: the data-at-rest key and the token signing key. */
export const TEST_ENCRYPTION_KEY = randomBytes(32);
export const TEST_JWT_PRIVATE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

/** The configuration a test app starts from: sandbox unless said, no web build, silent logs, the test keys. */
export function testAppConfig(
  options: { sandbox?: boolean; webDist?: string; publicOrigin?: string } = {},
) {
  return {
    sandbox: options.sandbox ?? true,
    webDist: options.webDist ?? '/nonexistent/web-dist',
    publicOrigin: options.publicOrigin,
    trustProxy: false,
    logLevel: 'silent' as const,
    encryptionKey: TEST_ENCRYPTION_KEY,
    jwtPrivateKey: TEST_JWT_PRIVATE_KEY,
  };
}

/** The app as the process builds it, with test-friendly defaults (sandbox, silent logs). */
export async function buildTestApp(options: TTestAppOptions): Promise<FastifyInstance> {
  const config = {
    ...testAppConfig(options),
    // Outside the sandbox e-mail goes to SMTP; nothing listens here, so a send is recorded as failed.
    smtp: { url: 'smtp://127.0.0.1:9', from: 'no-reply@pledge.test' },
    // Outside the sandbox soft pulls go to this provider; nothing answers there either.
    creditBureau: { baseUrl: 'https://credit-bureau.invalid', apiKey: 'test-key' },
  };
  return buildApp({
    config,
    database: options.database,
    adapters: options.adapters ?? createAdapters({ config, db: options.database.db }),
    logger: options.logger ?? createLogger('silent'),
    ...(options.authVerifier !== undefined ? { authVerifier: options.authVerifier } : {}),
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
  });
}

/** A logger writing JSON lines into an array, to assert what reaches the logs. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { logger: createLogger('info', stream), lines };
}
