/**
 * Helpers of the platform-service tests: an app whose bearer check maps a test header to a
 * principal, so that borrowers and agents can be played without the sign-in flow.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { TAdapters } from '../../src/adapters/index.js';
import type { TAuthVerifier } from '../../src/http/auth.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';

const TEST_TOKEN = /^Bearer test\.(bearer|agent)\.([0-9a-f-]{36})$/;

/** `Authorization: Bearer test.<audience>.<identity uuid>` is that principal; anything else none. */
export const testAuthVerifier: TAuthVerifier = async (request) => {
  const match = TEST_TOKEN.exec(request.headers.authorization ?? '');
  if (match === null) return null;
  const [, audience, identityUuid] = match;
  if ((audience !== 'bearer' && audience !== 'agent') || identityUuid === undefined) return null;
  return { audience, identityUuid };
};

export const borrowerHeaders = (identityUuid: string) => ({
  authorization: `Bearer test.bearer.${identityUuid}`,
});
export const agentHeaders = (identityUuid: string) => ({
  authorization: `Bearer test.agent.${identityUuid}`,
});

export interface TPlatformTestApp {
  app: FastifyInstance;
  database: TTestDatabase;
  close(): Promise<void>;
}

export async function createPlatformTestApp(
  options: { logger?: Logger; adapters?: (database: TTestDatabase) => TAdapters } = {},
): Promise<TPlatformTestApp> {
  const database = await createTestDatabase();
  const app = await buildTestApp({
    database,
    authVerifier: testAuthVerifier,
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
    ...(options.adapters !== undefined ? { adapters: options.adapters(database) } : {}),
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * A describe block's platform app, made before its tests and closed after them. Its fields are
 * filled in then: read them inside the tests and hooks, not at collection.
 */
export function usePlatformTestApp(): TPlatformTestApp {
  const t = {} as TPlatformTestApp;
  beforeAll(async () => {
    Object.assign(t, await createPlatformTestApp());
  });
  afterAll(async () => {
    if ('close' in t) await t.close();
  });
  return t;
}

export const newIdentity = () => randomUUID();

/** A web browser's body for opening a telemetry session (POST /ft/crypto-backed-loan/session). */
export const WEB_TELEMETRY_SESSION = {
  platform: 'WEB',
  libraryVersion: '3.2.1',
  referrer: 'https://www.example.com/loans',
  screenSize: { width: 1920, height: 1080 },
  windowSize: { width: 1280, height: 720 },
  appVersion: '2025.1.0',
};
