/**
 * Issue 34, findings 1–3, replayed against the real server: a renewal with a top-up completes once
 * whatever the order of "I have sent", the test deposit, the deposits and repeated callbacks (no
 * deposit call answers 500); a price move between acceptance and signing re-prices it (the
 * borrower accepts the new offer; nothing completes above the LTV limit); a renewal completing
 * later than its quote carries the loan's interest to the completion day, and one that reaches the
 * loan's maturity unfinished ends and says so. One database for the file: the clock only moves
 * forward, so the loans are made first and the tests run in order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TApplication, TPayoffQuote } from '@pledge/contract';
import { RENEWAL_MESSAGES, usdToCents } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import { applications, auditEvents, offers } from '../../src/db/schema/index.js';
import { appPath, useApplicationsTestContext } from '../applications/helpers.js';
import { advanceDays, setBtcPrice, type TTestLoan, useSandboxLoans } from '../servicing/helpers.js';
import {
  enterRenewalWindow,
  getAs,
  loanStates,
  openRenewal,
  postAs,
  selectOffer,
  signAll,
  waitingRenewal,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';
import { sendCoins } from '../helpers/sandbox-chain.js';

const ctx = useApplicationsTestContext();

function accept(borrower: TTestLoan, renewal: TApplication) {
  return selectOffer(ctx, borrower.token, renewal.appUuid, renewal.offers[0]?.uuid ?? '');
}

async function depositAddressOf(borrower: TTestLoan): Promise<string> {
  const collateral = await getAs<{ wallet?: { depositAddress?: string } }>(
    ctx,
    borrower.token,
    appPath(borrower.loanUuid, '/collateral'),
  );
  const address = collateral.wallet?.depositAddress;
  expect(address).toBeTruthy();
  return address ?? '';
}

async function confirmSent(borrower: TTestLoan, renewal: TApplication): Promise<void> {
  const response = await postAs(
    ctx,
    borrower.token,
    appPath(renewal.appUuid, '/collateral/borrower-confirmation'),
  );
  expect(response.statusCode).toBe(200);
}

async function renewalsOf(loanUuid: string) {
  return ctx.database.db
    .select({ uuid: applications.uuid, state: applications.state })
    .from(applications)
    .where(eq(applications.renewsApplicationUuid, loanUuid));
}

/** Exactly one renewal of the loan completed, and the loan is RENEWED once. */
async function expectCompletedOnce(borrower: TTestLoan, renewal: TApplication) {
  expect(await loanStates(ctx, borrower.token)).toMatchObject({
    [borrower.loanUuid]: 'RENEWED',
    [renewal.appUuid]: 'COMPLETE',
  });
  const completed = (await renewalsOf(borrower.loanUuid)).filter((row) => row.state === 'COMPLETE');
  expect(completed).toHaveLength(1);
  const renewedEvents = await auditEventsOf(ctx.database.db, borrower.loanUuid, {
    toState: 'RENEWED',
  });
  expect(renewedEvents).toHaveLength(1);
}

const all = useSandboxLoans(ctx, 7, 180_000);
const [confirmFirst, depositFirst, testDepositFirst, acceptFall, signFall, carried, matured] = all;

beforeAll(async () => {
  // Into the renewal window: 20 days before maturity.
  await enterRenewalWindow(ctx, all);
  await setBtcPrice(ctx, 60_000);
}, 180_000);

describe('a renewal with a top-up completes in any order, once', () => {
  it('"I have sent" first, then the coins (and the callback again)', async () => {
    const renewal = await waitingRenewal(ctx, confirmFirst, '0.1');
    await confirmSent(confirmFirst, renewal);
    await confirmSent(confirmFirst, renewal);
    const address = await depositAddressOf(confirmFirst);
    await sendCoins(ctx.app, address, '0.1');
    await sendCoins(ctx.app, address, '0.01');
    await ctx.runJobs();
    await expectCompletedOnce(confirmFirst, renewal);
    await confirmSent(confirmFirst, renewal);
  });

  it('the coins first, then "I have sent"', async () => {
    const renewal = await waitingRenewal(ctx, depositFirst, '0.1');
    const address = await depositAddressOf(depositFirst);
    await sendCoins(ctx.app, address, '0.05');
    await sendCoins(ctx.app, address, '0.05');
    await confirmSent(depositFirst, renewal);
    await ctx.runJobs();
    await expectCompletedOnce(depositFirst, renewal);
  });

  it('a test deposit first, then "I have sent", then the rest', async () => {
    const renewal = await waitingRenewal(ctx, testDepositFirst, '0.1');
    const optIn = await postAs(
      ctx,
      testDepositFirst.token,
      appPath(renewal.appUuid, '/collateral/micro-deposit-borrower-confirmation'),
    );
    expect(optIn.statusCode).toBe(200);
    const address = await depositAddressOf(testDepositFirst);
    await sendCoins(ctx.app, address, '0.001');
    await confirmSent(testDepositFirst, renewal);
    await sendCoins(ctx.app, address, '0.099');
    await ctx.runJobs();
    await expectCompletedOnce(testDepositFirst, renewal);
  });
});

describe('a renewal is re-priced when committed', () => {
  it('a price fall before acceptance refuses the stale offer; the new one is accepted', async () => {
    const stale = await openRenewal(ctx, acceptFall);
    // 1 BTC at $60,000 against ~$20,250: ~34 %; at $40,000 ~51 %: another tier.
    await setBtcPrice(ctx, 40_000);
    const refused = await accept(acceptFall, stale);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RENEWAL_REPRICED',
      message: RENEWAL_MESSAGES.repriced('BTC'),
    });
    const fresh = await openRenewal(ctx, acceptFall);
    expect(fresh.appUuid).toBe(stale.appUuid);
    expect(fresh.offers[0]?.uuid).not.toBe(stale.offers[0]?.uuid);
    expect(fresh.offers[0]?.interestRate).not.toBe(stale.offers[0]?.interestRate);
    expect((await accept(acceptFall, fresh)).statusCode).toBe(200);
    await setBtcPrice(ctx, 60_000);
  });

  it('a price fall between acceptance and signing refuses the signature and ends the renewal', async () => {
    const renewal = await openRenewal(ctx, signFall);
    expect((await accept(signFall, renewal)).statusCode).toBe(200);
    // At $28,000 the ~$20,500 owed (the balance and the renewal's fee) is ~73.4 %: still under the
    // 75 % limit, but another tier.
    await setBtcPrice(ctx, 28_000);
    const signed = await signAll(ctx, signFall.token, renewal);
    expect(signed.statusCode).toBe(409);
    expect(signed.body).toMatchObject({
      code: 'RENEWAL_REPRICED',
      message: RENEWAL_MESSAGES.repricedCancelled('BTC'),
    });
    expect(await loanStates(ctx, signFall.token)).toMatchObject({
      [signFall.loanUuid]: 'COMPLETE',
    });
    const ended = await renewalsOf(signFall.loanUuid);
    expect(ended).toEqual([{ uuid: renewal.appUuid, state: 'CANCELLED' }]);

    // Below the limit now (at $26,000, ~78 %) there is no offer until coins are added.
    await setBtcPrice(ctx, 26_000);
    const again = await openRenewal(ctx, signFall);
    expect(again.appUuid).not.toBe(renewal.appUuid);
    expect(again.offers).toEqual([]);
    await setBtcPrice(ctx, 28_000);
    const priced = await openRenewal(ctx, signFall);
    const offer = priced.offers[0];
    expect(offer).toBeDefined();
    expect(Number(offer?.ltv)).toBeLessThanOrEqual(75);
    expect((await accept(signFall, priced)).statusCode).toBe(200);
    const done = await signAll(ctx, signFall.token, priced);
    expect(done.body.state).toBe('COMPLETE');
    const [row] = await ctx.database.db
      .select()
      .from(offers)
      .where(eq(offers.applicationUuid, priced.appUuid));
    // Within the limit on what is owed from the first day, the balance carried with the renewal's
    // fee (the offer's basis), computed here: amount ÷ (coins × $28,000) ≤ 75 %.
    if (row === undefined) throw new Error('The renewal has no offer');
    const owedCents = row.drawAmountCents + row.originationFeeAmountCents;
    expect(row.originationFeeAmountCents).toBeGreaterThan(0);
    expect(row.amountCents).toBe(owedCents);
    const ltvPct = (owedCents / (Number(row.collateralUnits) * usdToCents(28_000))) * 100;
    expect(ltvPct).toBeLessThanOrEqual(75);
    expect(Math.abs(Number(row.ltvPct) - ltvPct)).toBeLessThanOrEqual(0.005);
    await setBtcPrice(ctx, 60_000);
  });
});

describe('a renewal completes by maturity, on the figures of its completion day', () => {
  it('carries the loan’s interest from the quote to the completion day', async () => {
    const renewal = await waitingRenewal(ctx, carried, '0.1');
    const quoted = renewal.offers[0]?.drawAmount ?? 0;
    await advanceDays(ctx, 10, ...all);
    const quote = await postAs(
      ctx,
      carried.token,
      `/provenance/borrower/servicing/v2/loans/${carried.loanUuid}/payoff-quote`,
    );
    expect(quote.statusCode, quote.body).toBe(201);
    const payoffCents = (quote.json() as TPayoffQuote).amountCents;
    await sendCoins(ctx.app, await depositAddressOf(carried), '0.1');
    await ctx.runJobs();
    await expectCompletedOnce(carried, renewal);
    const [row] = await ctx.database.db
      .select()
      .from(offers)
      .where(
        and(
          eq(offers.applicationUuid, renewal.appUuid),
          eq(offers.uuid, renewal.offers[0]?.uuid ?? ''),
        ),
      );
    // The renewal's cash is the loan's payoff figure of the completion day, not of the quote's.
    expect(row?.drawAmountCents).toBe(payoffCents);
    expect(payoffCents).toBeGreaterThanOrEqual(usdToCents(quoted));
  });

  it('ends when the loan matures first, and the loan is not renewed', async () => {
    const renewal = await waitingRenewal(ctx, matured, '0.1');
    // 10 days before maturity now; 11 days on it has passed.
    await advanceDays(ctx, 11, ...all);
    await sendCoins(ctx.app, await depositAddressOf(matured), '0.1');
    await ctx.runJobs();
    const rows = await renewalsOf(matured.loanUuid);
    expect(rows).toEqual([{ uuid: renewal.appUuid, state: 'CANCELLED' }]);
    expect((await loanStates(ctx, matured.token))[matured.loanUuid]).toBe('COMPLETE');
    const [event] = await ctx.database.db
      .select({ reason: auditEvents.reason })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, renewal.appUuid), eq(auditEvents.toState, 'CANCELLED')));
    expect(event?.reason).toBe(RENEWAL_MESSAGES.matured);
  });
});
