/**
 * Issue 34, findings 1–3, replayed against the real server: a renewal with a top-up completes once
 * whatever the order of "I have sent", the test deposit, the deposits and repeated callbacks (no
 * deposit call answers 500); a price move between acceptance and signing re-prices it (the
 * borrower accepts the new offer; nothing completes above the LTV limit); a renewal completing
 * later than its quote carries the loan's interest to the completion day, and one that reaches the
 * loan's maturity unfinished ends and says so. One database for the file: the clock only moves
 * forward, so the loans are made first and the tests run in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TApplication,
  TDocument,
  TGetLoanStatusResponse,
  TPayoffQuote,
  TPostSandboxLoanResponse,
} from '@pledge/contract';
import { isRenewalWithinLtvLimits, RENEWAL_MESSAGES, usdToCents } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import { applications, auditEvents, offers } from '../../src/db/schema/index.js';
import {
  appPath,
  bearer,
  createApplicationsTestContext,
  LEAP,
  type TApplicationsTestContext,
} from '../applications/helpers.js';
import { signIn } from '../identity/sign-in.js';
import { provisionSandboxAgents } from '../servicing/helpers.js';

const DAY_MS = 24 * 3_600_000;

let ctx: TApplicationsTestContext;
let run = 0;

type TBorrowerLoan = { email: string; appUuid: string; token: string };

async function fundedLoan(): Promise<TBorrowerLoan> {
  run += 1;
  const email = `renewal-commit-${run}-${Date.now()}@example.com`;
  await provisionSandboxAgents(ctx);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/loans',
    payload: { email, collateralType: 'BTC', coinQuantity: '1', drawAmount: 20_000, state: 'OH' },
  });
  expect(response.statusCode).toBe(201);
  const { appUuid } = response.json() as TPostSandboxLoanResponse;
  return { email, appUuid, token: await signIn(ctx.app, email) };
}

async function post(token: string, url: string, payload?: object) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function openRenewal(borrower: TBorrowerLoan): Promise<TApplication> {
  const response = await post(
    borrower.token,
    `${LEAP}/secure/api/v2/applications/${borrower.appUuid}/roll-forward/offers`,
    { organization: 'default' },
  );
  expect(response.statusCode).toBe(200);
  return response.json() as TApplication;
}

async function topUp(borrower: TBorrowerLoan, renewal: TApplication, quantity: string) {
  const response = await post(borrower.token, appPath(renewal.appUuid, '/roll-forward/top-up'), {
    topUpQuantity: quantity,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as TApplication;
}

function accept(borrower: TBorrowerLoan, renewal: TApplication) {
  return post(borrower.token, appPath(renewal.appUuid, '/select-offer'), {
    offerUuid: renewal.offers[0]?.uuid ?? '',
  });
}

async function setBtcPrice(usd: number): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/prices',
    payload: { BTC: usd, ETH: 3_000 },
  });
  expect(response.statusCode).toBeLessThan(300);
}

async function advanceDays(days: number): Promise<void> {
  const moved = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/clock',
    payload: { advanceHours: days * 24 },
  });
  expect(moved.statusCode).toBe(200);
  for (const borrower of all) borrower.token = await signIn(ctx.app, borrower.email);
}

/** Signs every document in order; answers each signature's response. */
async function signAll(borrower: TBorrowerLoan, renewal: TApplication) {
  await ctx.runJobs();
  const path = appPath(renewal.appUuid, `/borrowers/${renewal.identityUuid}/documents/unsigned`);
  const list = await ctx.app.inject({ method: 'GET', url: path, headers: bearer(borrower.token) });
  expect(list.statusCode).toBe(200);
  const documents = list.json() as TDocument[];
  expect(documents.length).toBeGreaterThan(0);
  let last = { statusCode: 0, body: {} as { state?: string; code?: string; message?: string } };
  for (const document of documents) {
    const signed = await post(
      borrower.token,
      appPath(
        renewal.appUuid,
        `/borrowers/${renewal.identityUuid}/documents/${document.uuid}/sign`,
      ),
    );
    last = { statusCode: signed.statusCode, body: signed.json() };
    if (signed.statusCode !== 200) break;
  }
  return last;
}

/** Open, top up, accept and sign: the renewal waits for its top-up. */
async function waitingRenewal(borrower: TBorrowerLoan, quantity: string): Promise<TApplication> {
  const renewal = await topUp(borrower, await openRenewal(borrower), quantity);
  const accepted = await accept(borrower, renewal);
  expect(accepted.statusCode).toBe(200);
  const signed = await signAll(borrower, renewal);
  expect(signed.statusCode).toBe(200);
  expect(signed.body.state).toBe('WAITING_FOR_COLLATERAL');
  return renewal;
}

async function depositAddressOf(borrower: TBorrowerLoan): Promise<string> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: appPath(borrower.appUuid, '/collateral'),
    headers: bearer(borrower.token),
  });
  const address = (response.json() as { wallet?: { depositAddress?: string } }).wallet
    ?.depositAddress;
  expect(address).toBeTruthy();
  return address ?? '';
}

async function deposit(address: string, amount: string): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/chain/deposits',
    payload: { address, amount },
  });
  expect(response.statusCode).toBe(201);
}

async function confirmSent(borrower: TBorrowerLoan, renewal: TApplication): Promise<void> {
  const response = await post(
    borrower.token,
    appPath(renewal.appUuid, '/collateral/borrower-confirmation'),
  );
  expect(response.statusCode).toBe(200);
}

async function states(borrower: TBorrowerLoan) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/provenance/borrower/servicing/v2/loanStatus',
    headers: bearer(borrower.token),
  });
  expect(response.statusCode).toBe(200);
  const { loans } = response.json() as TGetLoanStatusResponse;
  return Object.fromEntries(loans.map((loan) => [loan.appUuid, loan.state]));
}

async function renewalsOf(loanUuid: string) {
  return ctx.database.db
    .select({ uuid: applications.uuid, state: applications.state })
    .from(applications)
    .where(eq(applications.renewsApplicationUuid, loanUuid));
}

/** Exactly one renewal of the loan completed, and the loan is RENEWED once. */
async function expectCompletedOnce(borrower: TBorrowerLoan, renewal: TApplication) {
  expect(await states(borrower)).toMatchObject({
    [borrower.appUuid]: 'RENEWED',
    [renewal.appUuid]: 'COMPLETE',
  });
  const completed = (await renewalsOf(borrower.appUuid)).filter((row) => row.state === 'COMPLETE');
  expect(completed).toHaveLength(1);
  const renewedEvents = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, borrower.appUuid), eq(auditEvents.toState, 'RENEWED')));
  expect(renewedEvents).toHaveLength(1);
}

const all: TBorrowerLoan[] = [];
let confirmFirst: TBorrowerLoan;
let depositFirst: TBorrowerLoan;
let testDepositFirst: TBorrowerLoan;
let acceptFall: TBorrowerLoan;
let signFall: TBorrowerLoan;
let carried: TBorrowerLoan;
let matured: TBorrowerLoan;

beforeAll(async () => {
  ctx = await createApplicationsTestContext();
  confirmFirst = await fundedLoan();
  depositFirst = await fundedLoan();
  testDepositFirst = await fundedLoan();
  acceptFall = await fundedLoan();
  signFall = await fundedLoan();
  carried = await fundedLoan();
  matured = await fundedLoan();
  all.push(confirmFirst, depositFirst, testDepositFirst, acceptFall, signFall, carried, matured);
  // Into the renewal window: 20 days before maturity.
  const [loan] = Object.values(
    (
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/provenance/borrower/servicing/v2/loanStatus',
          headers: bearer(confirmFirst.token),
        })
      ).json() as TGetLoanStatusResponse
    ).loans,
  );
  const clock = await ctx.app.inject({ method: 'GET', url: '/sandbox/clock' });
  const now = Date.parse((clock.json() as { now: string }).now);
  const target = Date.parse(`${loan?.maturityDate}T00:00:00Z`) - 20 * DAY_MS;
  await advanceDays(Math.ceil((target - now) / DAY_MS));
  await setBtcPrice(60_000);
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

describe('a renewal with a top-up completes in any order, once', () => {
  it('"I have sent" first, then the coins (and the callback again)', async () => {
    const renewal = await waitingRenewal(confirmFirst, '0.1');
    await confirmSent(confirmFirst, renewal);
    await confirmSent(confirmFirst, renewal);
    const address = await depositAddressOf(confirmFirst);
    await deposit(address, '0.1');
    await deposit(address, '0.01');
    await ctx.runJobs();
    await expectCompletedOnce(confirmFirst, renewal);
    await confirmSent(confirmFirst, renewal);
  });

  it('the coins first, then "I have sent"', async () => {
    const renewal = await waitingRenewal(depositFirst, '0.1');
    const address = await depositAddressOf(depositFirst);
    await deposit(address, '0.05');
    await deposit(address, '0.05');
    await confirmSent(depositFirst, renewal);
    await ctx.runJobs();
    await expectCompletedOnce(depositFirst, renewal);
  });

  it('a test deposit first, then "I have sent", then the rest', async () => {
    const renewal = await waitingRenewal(testDepositFirst, '0.1');
    const optIn = await post(
      testDepositFirst.token,
      appPath(renewal.appUuid, '/collateral/micro-deposit-borrower-confirmation'),
    );
    expect(optIn.statusCode).toBe(200);
    const address = await depositAddressOf(testDepositFirst);
    await deposit(address, '0.001');
    await confirmSent(testDepositFirst, renewal);
    await deposit(address, '0.099');
    await ctx.runJobs();
    await expectCompletedOnce(testDepositFirst, renewal);
  });
});

describe('a renewal is re-priced when committed', () => {
  it('a price fall before acceptance refuses the stale offer; the new one is accepted', async () => {
    const stale = await openRenewal(acceptFall);
    // 1 BTC at $60,000 against ~$20,250: ~34 %; at $40,000 ~51 %: another tier.
    await setBtcPrice(40_000);
    const refused = await accept(acceptFall, stale);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RENEWAL_REPRICED',
      message: RENEWAL_MESSAGES.repriced('BTC'),
    });
    const fresh = await openRenewal(acceptFall);
    expect(fresh.appUuid).toBe(stale.appUuid);
    expect(fresh.offers[0]?.uuid).not.toBe(stale.offers[0]?.uuid);
    expect(fresh.offers[0]?.interestRate).not.toBe(stale.offers[0]?.interestRate);
    expect((await accept(acceptFall, fresh)).statusCode).toBe(200);
    await setBtcPrice(60_000);
  });

  it('a price fall between acceptance and signing refuses the signature and ends the renewal', async () => {
    const renewal = await openRenewal(signFall);
    expect((await accept(signFall, renewal)).statusCode).toBe(200);
    // At $28,000 the ~$20,500 owed (the balance and the renewal's fee) is ~73.4 %: still under the
    // 75 % limit, but another tier.
    await setBtcPrice(28_000);
    const signed = await signAll(signFall, renewal);
    expect(signed.statusCode).toBe(409);
    expect(signed.body).toMatchObject({
      code: 'RENEWAL_REPRICED',
      message: RENEWAL_MESSAGES.repricedCancelled('BTC'),
    });
    expect(await states(signFall)).toMatchObject({ [signFall.appUuid]: 'COMPLETE' });
    const ended = await renewalsOf(signFall.appUuid);
    expect(ended).toEqual([{ uuid: renewal.appUuid, state: 'CANCELLED' }]);

    // Below the limit now (at $26,000, ~78 %) there is no offer until coins are added.
    await setBtcPrice(26_000);
    const again = await openRenewal(signFall);
    expect(again.appUuid).not.toBe(renewal.appUuid);
    expect(again.offers).toEqual([]);
    await setBtcPrice(28_000);
    const priced = await openRenewal(signFall);
    const offer = priced.offers[0];
    expect(offer).toBeDefined();
    expect(Number(offer?.ltv)).toBeLessThanOrEqual(75);
    expect((await accept(signFall, priced)).statusCode).toBe(200);
    const done = await signAll(signFall, priced);
    expect(done.body.state).toBe('COMPLETE');
    const [row] = await ctx.database.db
      .select()
      .from(offers)
      .where(eq(offers.applicationUuid, priced.appUuid));
    expect(
      isRenewalWithinLtvLimits({
        drawCents: row?.drawAmountCents ?? 0,
        coinQuantity: row?.collateralUnits ?? '0',
        priceCents: usdToCents(28_000),
        tierId: row?.tierId ?? '',
      }),
    ).toBe(true);
    await setBtcPrice(60_000);
  });
});

describe('a renewal completes by maturity, on the figures of its completion day', () => {
  it('carries the loan’s interest from the quote to the completion day', async () => {
    const renewal = await waitingRenewal(carried, '0.1');
    const quoted = renewal.offers[0]?.drawAmount ?? 0;
    await advanceDays(10);
    const quote = await post(
      carried.token,
      `/provenance/borrower/servicing/v2/loans/${carried.appUuid}/payoff-quote`,
    );
    expect(quote.statusCode, quote.body).toBe(201);
    const payoffCents = (quote.json() as TPayoffQuote).amountCents;
    await deposit(await depositAddressOf(carried), '0.1');
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
    const renewal = await waitingRenewal(matured, '0.1');
    // 10 days before maturity now; 11 days on it has passed.
    await advanceDays(11);
    await deposit(await depositAddressOf(matured), '0.1');
    await ctx.runJobs();
    const rows = await renewalsOf(matured.appUuid);
    expect(rows).toEqual([{ uuid: renewal.appUuid, state: 'CANCELLED' }]);
    expect((await states(matured))[matured.appUuid]).toBe('COMPLETE');
    const [event] = await ctx.database.db
      .select({ reason: auditEvents.reason })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, renewal.appUuid), eq(auditEvents.toState, 'CANCELLED')));
    expect(event?.reason).toBe(RENEWAL_MESSAGES.matured);
  });
});
