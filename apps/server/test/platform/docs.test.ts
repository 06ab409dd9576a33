/**
 * The OpenAPI document lists every route, the agent console's included: production serves it only
 * when DOCS_PUBLIC=true, development and the sandbox unless it is turned off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/adapters/index.js';
import { buildApp } from '../../src/app.js';
import { docsArePublic, loadConfig, type TNodeEnv } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { testAppConfig } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';

describe('whether the docs are public', () => {
  it.each<[TNodeEnv, boolean | undefined, boolean]>([
    ['production', undefined, false],
    ['production', false, false],
    ['production', true, true],
    ['development', undefined, true],
    ['development', false, false],
    ['test', undefined, true],
  ])('NODE_ENV=%s with DOCS_PUBLIC=%s: %s', (nodeEnv, setting, expected) => {
    expect(docsArePublic(nodeEnv, setting)).toBe(expected);
  });

  it('reads DOCS_PUBLIC from the environment, on by default in the sandbox', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pledge-docs-'));
    try {
      const load = (env: Record<string, string>) =>
        loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, ...env });
      expect(load({}).docsPublic).toBe(true);
      expect(load({ DOCS_PUBLIC: 'false' }).docsPublic).toBe(false);
      expect(load({ DOCS_PUBLIC: 'true' }).docsPublic).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /docs/json', () => {
  let database: TTestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  async function appWithDocs(docsPublic: boolean, sandbox: boolean): Promise<FastifyInstance> {
    const config = {
      ...testAppConfig({ sandbox }),
      smtp: { url: 'smtp://127.0.0.1:9', from: 'no-reply@pledge.test' },
      creditBureau: { baseUrl: 'https://credit-bureau.invalid', apiKey: 'test-key' },
      docsPublic,
    };
    const app = await buildApp({
      config,
      database,
      adapters: createAdapters({ config, db: database.db }),
      logger: createLogger('silent'),
    });
    apps.push(app);
    return app;
  }

  it('is not served as production configures it by default', async () => {
    const app = await appWithDocs(docsArePublic('production', undefined), false);
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('/service-ops/');
  });

  it('is served with every route where it is public (the sandbox, or DOCS_PUBLIC=true)', async () => {
    const app = await appWithDocs(docsArePublic('development', undefined), true);
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).some((p) => p.startsWith('/service-ops/'))).toBe(true);
  });
});
