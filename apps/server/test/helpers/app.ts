import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAdapters, type TAdapters } from '../../src/adapters/index.js';
import { buildApp } from '../../src/app.js';
import type { TAuthVerifier } from '../../src/http/auth.js';
import { createLogger } from '../../src/logger.js';
import type { TDatabase } from '../../src/db/pool.js';

export interface TTestAppOptions {
  database: TDatabase;
  sandbox?: boolean;
  webDist?: string;
  adapters?: TAdapters;
  logger?: Logger;
  authVerifier?: TAuthVerifier;
  publicOrigin?: string;
}

/** The app as the process builds it, with test-friendly defaults (sandbox, silent logs). */
export async function buildTestApp(options: TTestAppOptions): Promise<FastifyInstance> {
  const sandbox = options.sandbox ?? true;
  const config = {
    sandbox,
    webDist: options.webDist ?? '/nonexistent/web-dist',
    publicOrigin: options.publicOrigin,
    trustProxy: false,
    logLevel: 'silent' as const,
  };
  return buildApp({
    config,
    database: options.database,
    adapters: options.adapters ?? createAdapters({ config, db: options.database.db }),
    logger: options.logger ?? createLogger('silent'),
    ...(options.authVerifier !== undefined ? { authVerifier: options.authVerifier } : {}),
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
