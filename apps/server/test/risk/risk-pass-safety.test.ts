/**
 * The risk pass is safe to run anywhere: two passes at once on two pools (two instances) give one
 * set of crossings and notices; the interest-bearing balance it reads is kept equal to the ledger by
 * the trigger; every price set in the sandbox is stored and queues a pass; market prices pass the
 * wick guard; the selection query is one plan the bench can EXPLAIN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type TDatabase } from '../../src/db/pool.js';
import { PriceUnavailableError } from '../../src/adapters/prices/port.js';
import { pollMarketPrices } from '../../src/services/prices/poll-market-prices.js';
import { recordPriceObservation } from '../../src/services/prices/price-observations.js';
import { riskPassSelectionSql } from '../../src/services/risk/run-risk-pass.js';
import { useApplicationsTestContext } from '../applications/helpers.js';
import {
  runSweep,
  sandboxLoan,
  setBtcPrice,
  advanceDays,
  requestPayment,
} from '../servicing/helpers.js';
import {
  expectSubjects,
  freshLoan,
  loanRow,
  notices,
  pass,
  priceAtLtvUsd,
  riskEvents,
} from './helpers.js';

const ctx = useApplicationsTestContext();
let second: TDatabase;
beforeAll(async () => {
  second = createDatabase(ctx.database.url);
  await setBtcPrice(ctx, 60_000);
});
afterAll(async () => {
  await second.pool.end();
});

describe('two passes at once', () => {
  it('give one outcome: one crossing and one set of notices per loan', async () => {
    const loans = await Promise.all([sandboxLoan(ctx), sandboxLoan(ctx), sandboxLoan(ctx)]);
    await setBtcPrice(ctx, await priceAtLtvUsd(ctx, loans[0], 82));
    const [first, other] = await Promise.all([pass(ctx), pass(ctx, second.db)]);
    expect(first.failed).toEqual([]);
    expect(other.failed).toEqual([]);
    expect(first.changed + other.changed).toBe(3);
    for (const loan of loans) {
      expect(await riskEvents(ctx, loan)).toHaveLength(1);
      expectSubjects(await notices(ctx, loan), ['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL']);
      expect((await loanRow(ctx, loan)).status).toBe('MARGIN_CALL');
    }
    // And again, both at once, with nothing left to change.
    const again = await Promise.all([pass(ctx), pass(ctx, second.db)]);
    expect(again.map((result) => result.changed)).toEqual([0, 0]);
  });
});

describe('the job', () => {
  it('runs the pass queued by a new price', async () => {
    const loan = await freshLoan(ctx);
    await setBtcPrice(ctx, await priceAtLtvUsd(ctx, loan, 75.5));
    await ctx.runJobs();
    expect((await loanRow(ctx, loan)).risk_level).toBe('WARNING');
    expectSubjects(await notices(ctx, loan), ['WARNING']);
  });
});

describe('the interest-bearing balance', () => {
  it('stays equal to the ledger sum through accrual and payment', async () => {
    await setBtcPrice(ctx, 60_000);
    const loan = await sandboxLoan(ctx);
    const check = async () => {
      const result = await ctx.database.db.execute<{ kept: string; summed: string }>(sql`
        SELECT s.interest_bearing_cents AS kept, coalesce((SELECT sum(e.amount_cents)
          FROM ledger_entries e WHERE e.loan_uuid = s.loan_uuid
          AND e.account IN ('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST')), 0) AS summed
        FROM servicing_loans s WHERE s.loan_uuid = ${loan.loanUuid}`);
      const row = result.rows[0];
      expect(Number(row?.kept)).toBe(Number(row?.summed));
      return Number(row?.kept);
    };
    const opened = await check();
    expect(opened).toBeGreaterThan(2_000_000);
    await advanceDays(ctx, 35, loan);
    await runSweep(ctx);
    await check();
    const response = await requestPayment(ctx, loan, 500_000, `pay-${loan.loanUuid}`);
    expect(response.statusCode, response.body).toBeLessThan(300);
    const paid = await check();
    expect(paid).toBeLessThan(opened);
  });
});

describe('prices', () => {
  it('stores each sandbox price set and queues a pass for it', async () => {
    const before = await ctx.database.db.execute<{ id: string }>(
      sql`SELECT max(id) AS id FROM price_observations`,
    );
    await setBtcPrice(ctx, 55_555.55);
    const stored = await ctx.database.db.execute<{
      id: string;
      price_cents: number;
      source: string;
      accepted: boolean;
    }>(sql`SELECT id, price_cents, source, accepted FROM price_observations
           WHERE id > ${before.rows[0]?.id ?? 0}`);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({
      price_cents: 5_555_555,
      source: 'SANDBOX',
      accepted: true,
    });
    const jobs = await ctx.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM graphile_worker._private_jobs
          WHERE key = ${`risk-pass:price:${stored.rows[0]?.id}`}`,
    );
    expect(Number(jobs.rows[0]?.n)).toBe(1);
  });

  it('holds back a lone market price more than 10 % off and takes a confirmed move', async () => {
    const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, seconds));
    const store = (priceCents: number, seconds: number) =>
      ctx.database.db.transaction((tx) =>
        recordPriceObservation(tx, {
          collateralType: 'ETH',
          priceCents,
          source: 'MEDIAN',
          venues: ['coinbase', 'kraken', 'bitstamp'],
          observedAt: at(seconds),
        }),
      );
    expect((await store(300_000, 0)).accepted).toBe(true);
    expect((await store(301_000, 60)).accepted).toBe(true);
    const wick = await store(250_000, 120);
    expect(wick.accepted).toBe(false);
    expect(wick.rejectedReason).toContain('off the median');
    // The pass still values ETH loans at the last accepted price.
    const latest = await ctx.database.db.execute<{ price_cents: number }>(sql`
      SELECT price_cents FROM price_observations WHERE collateral_type = 'ETH' AND accepted
      ORDER BY observed_at DESC, id DESC LIMIT 1`);
    expect(Number(latest.rows[0]?.price_cents)).toBe(301_000);
    // A second price off the same way confirms the move.
    expect((await store(252_000, 180)).accepted).toBe(true);
  });
});

describe('the selection query', () => {
  it('is one plan over the open loans, for the bench to EXPLAIN', async () => {
    const plan = await ctx.database.db.execute<{ 'QUERY PLAN': string }>(
      sql`EXPLAIN ${riskPassSelectionSql({ now: new Date() })}`,
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('servicing_loans');
    expect(text).toContain('price_observations');
  });
});

describe('the market price poll', () => {
  it('stores the median with its venues through the wick guard and queues the pass', async () => {
    const quotes = [400_000, 300_000, 304_000];
    const prices = {
      async getPrice(type: 'BTC' | 'ETH') {
        if (type === 'BTC') throw new PriceUnavailableError('BTC', 'test: no BTC');
        const priceCents = quotes.shift() ?? 0;
        return { priceCents, asOf: new Date(), venues: ['coinbase', 'kraken', 'gemini'] };
      },
    };
    const at = (minutes: number) => new Date(Date.UTC(2031, 0, 1, 0, minutes));
    const poll = (minutes: number) =>
      pollMarketPrices({ db: ctx.database.db, prices, clock: () => at(minutes) });
    expect(await poll(0)).toEqual({ stored: 1, accepted: 1 });
    // A 25 % drop, alone: stored, held back, no pass queued for it.
    expect(await poll(1)).toEqual({ stored: 1, accepted: 0 });
    // Confirmed by the next minute's price.
    expect(await poll(2)).toEqual({ stored: 1, accepted: 1 });
    const rows = await ctx.database.db.execute<{ venues: string[]; accepted: boolean }>(sql`
      SELECT venues, accepted FROM price_observations
      WHERE collateral_type = 'ETH' AND observed_at >= ${at(0).toISOString()}::timestamptz
      ORDER BY observed_at`);
    expect(rows.rows.map((row) => row.accepted)).toEqual([true, false, true]);
    expect(rows.rows[0]?.venues).toEqual(['coinbase', 'kraken', 'gemini']);
  });
});
