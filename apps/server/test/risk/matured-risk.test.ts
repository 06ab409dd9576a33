/**
 * Risk to the last coin (issue 33, finding 4): a matured loan that is not repaid stays under the
 * risk pass (its notices, margin calls and liquidation, its status kept MATURED), its interest
 * keeps accruing at the contract rate on the unpaid balance (the loan agreement's after-maturity
 * terms: no default rate), its borrower gets collection notices 1, 10 and 30 days after maturity,
 * once each, and the console lists it; the loan page and the dashboard say the same health. Expected
 * figures are worked out here, not by the product's functions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dayInWords } from '@pledge/domain';
import { sql } from 'drizzle-orm';

import { useApplicationsTestContext } from '../applications/helpers.js';
import { signInAgent } from '../ops/helpers.js';
import {
  advanceDays,
  getLoan,
  mailTo,
  openServicingWorld,
  runSweep,
  sandboxLoan,
  setBtcPrice,
  type TTestLoan,
  dashboardLoan,
} from '../servicing/helpers.js';
import {
  deploymentDay,
  liquidationsOf,
  loanRow,
  ltvOf,
  moveTo,
  notices,
  pass,
  priceAtLtvUsd,
  riskQueueOf,
  SUBJECT,
} from './helpers.js';

const MS_PER_DAY = 86_400_000;
const COLLECTION_SUBJECT = /^Your loan matured \d+ days? ago and is not repaid$/;

const ctx = useApplicationsTestContext(openServicingWorld);
/** Left unpaid past maturity; the risk tests move its price. */
let unpaid: TTestLoan;
let maturityDate: string;

beforeAll(async () => {
  unpaid = await sandboxLoan(ctx);
  maturityDate = (await getLoan(ctx, unpaid)).maturityDate;
}, 120_000);

/** The deployment's day. */
const today = () => deploymentDay(ctx);

/** Whole days from one YYYY-MM-DD to another. */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

/** Moves the clock to `days` after the maturity date and runs the day's sweep. */
async function toDayAfterMaturity(days: number) {
  const ahead = daysFrom(await today(), maturityDate) + days;
  if (ahead > 0) await advanceDays(ctx, ahead, unpaid);
  return runSweep(ctx);
}

async function collectionMails(loan: TTestLoan) {
  return (await mailTo(ctx, loan.email)).filter((mail) => COLLECTION_SUBJECT.test(mail.subject));
}

/** Interest of one 30/360 month on a balance at a rate in basis points, rounded half-up. */
function monthInterestCents(balanceCents: number, rateBps: number): number {
  const numerator = BigInt(balanceCents) * BigInt(rateBps);
  const denominator = 10_000n * 12n;
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

async function periodInterestCents(loan: TTestLoan, periodNumber: number): Promise<number> {
  const result = await ctx.database.db.execute<{ cents: string }>(sql`
    SELECT coalesce(sum(amount_cents), 0) AS cents FROM ledger_entries
    WHERE loan_uuid = ${loan.loanUuid} AND kind = 'INTEREST_ACCRUAL'
      AND account = 'ACCRUED_INTEREST' AND period_number = ${periodNumber}`);
  return Number(result.rows[0]?.cents ?? 0);
}

/** The risk queue as an agent reads it. */
const riskQueue = async () => riskQueueOf(ctx, (await signInAgent(ctx)).token);

describe('a matured loan not repaid', () => {
  it('matures, and its interest runs on at the contract rate on the unpaid balance', async () => {
    await toDayAfterMaturity(-1);
    expect((await loanRow(ctx, unpaid)).status).toBe('ACTIVE');
    await toDayAfterMaturity(0);
    const matured = await loanRow(ctx, unpaid);
    expect(matured.status).toBe('MATURED');
    const rateBps = Number(
      (
        await ctx.database.db.execute<{ bps: number }>(
          sql`SELECT interest_rate_bps AS bps FROM servicing_loans WHERE loan_uuid = ${unpaid.loanUuid}`,
        )
      ).rows[0]?.bps,
    );
    const bearing = Number(matured.interest_bearing_cents);
    const atMaturity = (await getLoan(ctx, unpaid)).balances.totalCents;

    // A month past maturity: the 13th month accrued as any other, on the same balance and rate.
    await toDayAfterMaturity(31);
    const interest = await periodInterestCents(unpaid, 13);
    expect(interest).toBe(monthInterestCents(bearing, rateBps));
    const view = await getLoan(ctx, unpaid);
    expect(view.status).toBe('MATURED');
    expect(view.balances.totalCents).toBeGreaterThanOrEqual(atMaturity + interest);
    // Its statement asks for the whole balance, due on its date.
    const statement = await ctx.database.db.execute<{
      amount_due_cents: string;
      due_date: string;
      cycle_date: string;
    }>(sql`SELECT amount_due_cents, due_date::text, cycle_date::text FROM servicing_statements
           WHERE loan_uuid = ${unpaid.loanUuid} AND period_number = 13`);
    const [row] = statement.rows;
    expect(row?.due_date).toBe(row?.cycle_date);
    expect(Number(row?.amount_due_cents)).toBe(atMaturity + interest);
  });

  it('gets a collection notice 1, 10 and 30 days after maturity, once each', async () => {
    // The test before moved the clock 31 days past maturity in one jump: only the notice of the
    // 30th day applies, not a backlog of the earlier ones.
    const sent = await collectionMails(unpaid);
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Your loan matured 31 days ago and is not repaid',
    ]);
    const text = sent[0]?.text ?? '';
    expect(text).toContain(`Your loan matured on ${dayInWords(maturityDate)} and is not repaid`);
    expect(text).toContain('there is no default rate and no late fee');
    const amount = /Amount due on [A-Z][a-z]{2} \d{1,2}, \d{4}: \$([\d,]+\.\d{2})\./.exec(
      text,
    )?.[1];
    expect(Number(amount?.replace(/,/g, '')) * 100).toBe(
      (await getLoan(ctx, unpaid)).balances.totalCents,
    );
    // The same day again, and the day after: nothing more.
    await runSweep(ctx);
    await toDayAfterMaturity(32);
    expect(await collectionMails(unpaid)).toHaveLength(1);
  });

  it('sends the notices of days 1 and 10 on their days when the sweep runs daily', async () => {
    const loan = await sandboxLoan(ctx);
    const ownMaturity = (await getLoan(ctx, loan)).maturityDate;
    await advanceDays(ctx, daysFrom(await today(), ownMaturity) - 1, loan, unpaid);
    await runSweep(ctx);
    expect((await loanRow(ctx, loan)).status).toBe('ACTIVE');
    await advanceDays(ctx, 1, loan, unpaid);
    await runSweep(ctx);
    expect((await loanRow(ctx, loan)).status).toBe('MATURED');
    // Not on the maturity day itself; then once on day 1 and once on day 10, a sweep or two a day.
    const counts: number[] = [(await collectionMails(loan)).length];
    for (let day = 1; day <= 11; day += 1) {
      await advanceDays(ctx, 1, loan, unpaid);
      await runSweep(ctx);
      await runSweep(ctx);
      counts.push((await collectionMails(loan)).length);
    }
    expect(counts).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2]);
    expect((await collectionMails(loan)).map((mail) => mail.subject).reverse()).toEqual([
      'Your loan matured 1 day ago and is not repaid',
      'Your loan matured 10 days ago and is not repaid',
    ]);
    const recorded = await ctx.database.db.execute<{ kind: string }>(sql`
      SELECT kind FROM servicing_notices WHERE loan_uuid = ${loan.loanUuid}
        AND kind LIKE 'matured-collection-%' ORDER BY kind`);
    expect(recorded.rows.map((row) => row.kind)).toEqual([
      'matured-collection-1',
      'matured-collection-10',
    ]);
  });

  it('is listed in the console, the longest past maturity first, with its last notice', async () => {
    const queue = await riskQueue();
    const listed = queue.maturedUnpaid.find((entry) => entry.loanUuid === unpaid.loanUuid);
    expect(listed).toMatchObject({
      borrowerEmail: unpaid.email.toLowerCase(),
      maturityDate,
      daysPastMaturity: daysFrom(maturityDate, await today()),
      balanceCents: (await getLoan(ctx, unpaid)).balances.totalCents,
      lastCollectionNotice: { daysAfterMaturity: 30 },
    });
    expect(queue.maturedUnpaid[0]?.loanUuid).toBe(unpaid.loanUuid);
  });
});

describe('the risk of a matured loan', () => {
  it('is watched as before maturity: notices and a margin call, its status kept MATURED', async () => {
    await moveTo(ctx, unpaid, 82);
    const row = await loanRow(ctx, unpaid);
    expect(row.status).toBe('MATURED');
    expect(row.risk_level).toBe('MARGIN_CALL');
    expect(row.cure_deadline).not.toBeNull();
    expect((await notices(ctx, unpaid)).map((mail) => mail.subject)).toEqual([
      SUBJECT.WARNING,
      SUBJECT.COURTESY_NOTICE,
      SUBJECT.MARGIN_CALL,
    ]);
    // The console lists its margin call with the others.
    const queue = await riskQueue();
    expect(queue.marginCalls.map((entry) => entry.loanUuid)).toContain(unpaid.loanUuid);
  });

  it('says the same health on the loan page and the dashboard, at any price', async () => {
    for (const ltv of [82, 98]) {
      const priceUsd = await priceAtLtvUsd(ctx, unpaid, ltv);
      // The price is stored and no pass has run yet: both read the same figures all the same.
      await setBtcPrice(ctx, priceUsd);
      const row = await loanRow(ctx, unpaid);
      const expected = ltvOf(Number(row.interest_bearing_cents), row.collateral_units, priceUsd);
      const page = await getLoan(ctx, unpaid);
      const dashboard = await dashboardLoan(ctx, unpaid);
      expect(page.risk.ltvPct).toBeCloseTo(expected, 2);
      expect(dashboard.ltv).toBe(page.risk.ltvPct);
      expect(page.ltv?.ltvPct).toBe(page.risk.ltvPct);
      expect(dashboard.riskLevel).toBe(page.risk.level);
      expect(page.risk.level).toBe(ltv === 82 ? 'MARGIN_CALL' : 'LIQUIDATION');
    }
  });

  it('liquidates at 98 % after maturity, telling the borrower of the sale alone', async () => {
    const before = (await notices(ctx, unpaid)).length;
    await pass(ctx);
    const orders = await liquidationsOf(ctx, unpaid);
    expect(orders.map((order) => order.reason)).toEqual(['LIQUIDATION_LTV']);
    // At 98 % no partial sale restores the initial LTV of 50 % once the 2 % fee is taken
    // (selling q of Q coins leaves (0.98·Q − 0.98·q)·P owed on (Q − q)·P): all of it is sold.
    const row = await loanRow(ctx, unpaid);
    expect(row.status).toBe('LIQUIDATED');
    expect(Number(row.collateral_units)).toBe(0);
    expect(row.cure_deadline).toBeNull();
    const sent = (await notices(ctx, unpaid)).slice(before);
    expect(sent.map((mail) => mail.subject)).toEqual([SUBJECT.LIQUIDATION]);
  });
});
