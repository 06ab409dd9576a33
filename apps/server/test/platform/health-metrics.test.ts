/**
 * GET /metrics reads the operator's numbers from the database at the scrape, so every instance
 * answers the same: the age of the risk engine's newest accepted price per coin, the time since
 * each sweep last finished (recorded where the sweep finishes), the jobs by state and kind, and
 * each outside dependency's last probe. Values are checked against rows the test writes.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/adapters/index.js';
import { createConfiguredBankPayments } from '../../src/adapters/bank-payments/index.js';
import { createSandboxExchange } from '../../src/adapters/exchange/sandbox.js';
import { createSandboxPrices } from '../../src/adapters/prices/sandbox.js';
import { buildApp } from '../../src/app.js';
import { priceObservations } from '../../src/db/schema/index.js';
import { createLogger } from '../../src/logger.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { ProbeFailedError } from '../../src/services/health/dependency-probe.js';
import { runDependencyProbes } from '../../src/services/health/run-dependency-probes.js';
import { runRiskPass } from '../../src/services/risk/run-risk-pass.js';
import { runServicingSweep } from '../../src/services/servicing/run-servicing-sweep.js';
import { settlePendingPayments } from '../../src/services/servicing/settle-payments.js';
import { TEST_ENCRYPTION_KEY, testAppConfig } from '../helpers/app.js';
import { useTestDatabase } from '../helpers/db.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const NOW = new Date('2026-05-04T12:00:00.000Z');
const secondsBefore = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const TEST_KIND = 'health.metrics-test';

const database = useTestDatabase();
let app: FastifyInstance;

beforeAll(async () => {
  const config = {
    ...testAppConfig(),
    metricsToken: TOKEN,
  };
  app = await buildApp({
    config,
    database,
    adapters: createAdapters({ config, db: database.db }),
    logger: createLogger('silent'),
    clock: () => NOW,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function scrape(): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series, or undefined when the scrape has none. */
function valueOf(text: string, series: string): number | undefined {
  const escaped = series.replace(/[{}"]/g, (character) => `\\${character}`);
  const match = new RegExp(`^${escaped} ([\\d.e+-]+)$`, 'm').exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

describe('GET /metrics, from the database', { timeout: 60_000 }, () => {
  it("gives the age of the risk engine's newest accepted price per coin", async () => {
    const before = await scrape();
    expect(valueOf(before, 'pledge_price_age_seconds{coin="BTC"}')).toBeUndefined();
    await database.db.insert(priceObservations).values([
      {
        collateralType: 'BTC',
        priceCents: 6_000_000,
        source: 'MEDIAN',
        observedAt: secondsBefore(600),
      },
      {
        collateralType: 'BTC',
        priceCents: 6_010_000,
        source: 'MEDIAN',
        observedAt: secondsBefore(120),
      },
      // Held back by the wick guard: the risk pass does not use it, nor does the age.
      {
        collateralType: 'BTC',
        priceCents: 4_000_000,
        source: 'MEDIAN',
        observedAt: secondsBefore(5),
        accepted: false,
        rejectedReason: 'wick',
      },
      {
        collateralType: 'ETH',
        priceCents: 300_000,
        source: 'MEDIAN',
        observedAt: secondsBefore(45),
      },
    ]);
    const text = await scrape();
    expect(valueOf(text, 'pledge_price_age_seconds{coin="BTC"}')).toBe(120);
    expect(valueOf(text, 'pledge_price_age_seconds{coin="ETH"}')).toBe(45);
  });

  it('gives the seconds since the risk pass, the servicing sweep and the settlement run finished', async () => {
    expect(await scrape()).not.toContain('pledge_sweep_last_success_age_seconds{');
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const riskPassAt = secondsBefore(90);
    await runRiskPass(
      {
        db: database.db,
        cipher,
        sandbox: true,
        exchange: createSandboxExchange(createSandboxPrices(database.db)),
      },
      { now: riskPassAt },
    );
    const sweepAt = secondsBefore(3_600);
    const paymentDeps = {
      db: database.db,
      cipher,
      bankPayments: createConfiguredBankPayments({ sandbox: true }, () => sweepAt),
      clock: () => sweepAt,
      sandbox: true,
    };
    await runServicingSweep(paymentDeps);
    await settlePendingPayments({ ...paymentDeps, clock: () => secondsBefore(30) });
    // An earlier run finishing late does not move the time back.
    await runRiskPass(
      {
        db: database.db,
        cipher,
        sandbox: true,
        exchange: createSandboxExchange(createSandboxPrices(database.db)),
      },
      { now: secondsBefore(500) },
    );
    const text = await scrape();
    expect(valueOf(text, 'pledge_sweep_last_success_age_seconds{sweep="risk-pass"}')).toBe(90);
    expect(valueOf(text, 'pledge_sweep_last_success_age_seconds{sweep="servicing-sweep"}')).toBe(
      3_600,
    );
    // The servicing sweep settles too, an hour ago; the settlement run since, 30 s ago.
    expect(valueOf(text, 'pledge_sweep_last_success_age_seconds{sweep="settlement"}')).toBe(30);
  });

  it('counts the jobs of a kind that are ready, running and failed for good', async () => {
    for (let index = 0; index < 6; index += 1) {
      await database.db.execute(
        sql`SELECT graphile_worker.add_job(${TEST_KIND}, '{}'::json, max_attempts => 2)`,
      );
    }
    // Two running, one failed for good, three ready.
    await database.db.execute(sql`
      UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test-worker'
      WHERE id IN (SELECT id FROM graphile_worker._private_jobs ORDER BY id LIMIT 2)`);
    await database.db.execute(sql`
      UPDATE graphile_worker._private_jobs SET attempts = 2, last_error = 'failed'
      WHERE id IN (SELECT id FROM graphile_worker._private_jobs ORDER BY id OFFSET 2 LIMIT 1)`);
    const text = await scrape();
    expect(valueOf(text, `pledge_jobs_running{kind="${TEST_KIND}"}`)).toBe(2);
    expect(valueOf(text, `pledge_jobs_failed{kind="${TEST_KIND}"}`)).toBe(1);
    expect(valueOf(text, `pledge_jobs_due{kind="${TEST_KIND}"}`)).toBe(3);
    expect(valueOf(text, `pledge_jobs_pending{kind="${TEST_KIND}"}`)).toBe(5);
  });

  it("gives each dependency's state, the seconds since its last success and since its probe", async () => {
    await runDependencyProbes({ db: database.db, clock: () => secondsBefore(600) }, [
      { dependency: 'smtp', probe: async () => undefined },
    ]);
    await runDependencyProbes({ db: database.db, clock: () => secondsBefore(60) }, [
      {
        dependency: 'smtp',
        probe: () => Promise.reject(new ProbeFailedError('EAUTH', 'Invalid login')),
      },
      {
        dependency: 'plaid',
        probe: () => Promise.reject(new ProbeFailedError('HTTP_500', 'Answered HTTP 500')),
      },
      { dependency: 'chain-btc', probe: async () => undefined },
    ]);
    const text = await scrape();
    expect(valueOf(text, 'pledge_dependency_up{dependency="smtp"}')).toBe(0);
    expect(valueOf(text, 'pledge_dependency_up{dependency="plaid"}')).toBe(0);
    expect(valueOf(text, 'pledge_dependency_up{dependency="chain-btc"}')).toBe(1);
    expect(valueOf(text, 'pledge_dependency_last_success_age_seconds{dependency="smtp"}')).toBe(
      600,
    );
    expect(
      valueOf(text, 'pledge_dependency_last_success_age_seconds{dependency="chain-btc"}'),
    ).toBe(60);
    // Never answered: no age of a success that never was.
    expect(
      valueOf(text, 'pledge_dependency_last_success_age_seconds{dependency="plaid"}'),
    ).toBeUndefined();
    expect(valueOf(text, 'pledge_dependency_probe_age_seconds{dependency="plaid"}')).toBe(60);
    expect(text).not.toMatch(/^pledge_metrics_source_errors_total\{source="health"\} [1-9]/m);
  });
});
