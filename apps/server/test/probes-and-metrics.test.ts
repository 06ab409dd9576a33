/**
 * Liveness, readiness and GET /metrics of one app: readiness follows the database and its
 * migrations, metrics are labelled by route pattern and served only to the bearer of the token.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../src/adapters/index.js';
import { buildApp } from '../src/app.js';
import { createLogger } from '../src/logger.js';
import { createReadinessCheck } from '../src/services/system/check-readiness.js';
import { testAppConfig } from './helpers/app.js';
import { withTestApp } from './helpers/test-app.js';
import { createTestDatabase, type TTestDatabase, useTestDatabase } from './helpers/db.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
/** Each test creates and migrates a database: slow on busy cores. */
const SLOW = { timeout: 60_000 };

async function appWithMetrics(database: TTestDatabase): Promise<FastifyInstance> {
  const config = {
    ...testAppConfig(),
    metricsToken: TOKEN,
  };
  return buildApp({
    config,
    database,
    adapters: createAdapters({ config, db: database.db }),
    logger: createLogger('silent'),
  });
}

describe('GET /livez and GET /readyz', SLOW, () => {
  it('answer live and ready on a migrated database', async () => {
    await withTestApp(async ({ app }) => {
      const live = await app.inject({ method: 'GET', url: '/livez' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });
    });
  });

  it('answers not ready while the newest migration is missing, and live all the same', async () => {
    await withTestApp(async ({ database, app }) => {
      // A database one migration behind this version (another version migrated it).
      await database.pool.query(
        `DELETE FROM drizzle.__drizzle_migrations
         WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
      );
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'MIGRATIONS_PENDING' });
      expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    });
  });

  it('answers not ready when the database is gone', async () => {
    await withTestApp(async ({ database, app }) => {
      await database.drop();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    });
  });

  it('answers not ready once draining, though the database is fine', async () => {
    const database = await createTestDatabase();
    try {
      const readiness = createReadinessCheck(database.pool);
      await expect(readiness.check()).resolves.toMatchObject({ status: 'ready' });
      readiness.drain();
      await expect(readiness.check()).rejects.toMatchObject({
        statusCode: 503,
        code: 'SHUTTING_DOWN',
      });
    } finally {
      await database.drop();
    }
  });
});

describe('GET /metrics', SLOW, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await appWithMetrics(database);
    const prices = await app.inject({
      method: 'POST',
      url: '/sandbox/prices',
      payload: { BTC: 60_000, ETH: 3_000 },
    });
    expect(prices.statusCode).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
  });

  const scrape = (authorization?: string) =>
    app.inject({
      method: 'GET',
      url: '/metrics',
      ...(authorization !== undefined ? { headers: { authorization } } : {}),
    });

  it('is not served without METRICS_TOKEN', async () => {
    await withTestApp(async ({ app: plain }) => {
      expect((await plain.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    });
  });

  it('refuses a scrape without the token or with another one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
  });

  it('labels request durations with the route pattern, never the raw URL', async () => {
    const appUuid = randomUUID();
    const probe = `/no-such-page-${randomUUID()}`;
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({
      method: 'GET',
      url: `/service-cryptopl-leap/secure/api/v1/applications/${appUuid}/offers`,
    });
    await app.inject({ method: 'GET', url: probe });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1$/m,
    );
    expect(text).toContain(
      'route="/service-cryptopl-leap/secure/api/v1/applications/:appUuid/offers",status_code="401"',
    );
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain(appUuid);
    expect(text).not.toContain(probe);
  });

  it('reports the pool, the job queue, the price age and the process', async () => {
    const rates = await app.inject({
      method: 'POST',
      url: '/service-cryptopl-leap/insecure/api/v1/rates',
      payload: { coinQuantity: '1', collateralType: 'BTC', state: 'CA', requestedAmount: 20_000 },
    });
    expect(rates.statusCode).toBe(200);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^pledge_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^pledge_db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^pledge_db_pool_waiting_requests \d+$/m);
    expect(text).toMatch(/^pledge_db_pool_max_connections 10$/m);
    expect(text).toContain('# TYPE pledge_jobs_pending gauge');
    expect(text).toContain('# TYPE pledge_jobs_failed gauge');
    expect(text).not.toMatch(/^pledge_metrics_source_errors_total\{source="jobs"\} [1-9]/m);
    const age = /^pledge_price_age_seconds\{coin="BTC"\} ([\d.e+-]+)$/m.exec(text);
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(0);
    expect(Number(age?.[1])).toBeLessThan(60);
    expect(text).toContain('process_resident_memory_bytes');
  });
});
