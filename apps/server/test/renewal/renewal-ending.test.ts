/**
 * Issue 34, finding 7: after a deadline every renewal says what happened. A renewal waiting for its
 * top-up 5 days after signing is cancelled (COLLATERAL_DEADLINE); renewals still open when their
 * loan matures end, whether opened only or waiting for coins (MATURED); each application then
 * carries its ending, and the loan's renewal window says it is past (position AFTER), so that no
 * page offers a renewal that can no longer happen. One database for the file: the clock only moves
 * forward.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TApplication,
  TDocument,
  TGetLoanStatusResponse,
  TPostSandboxLoanResponse,
} from '@pledge/contract';
import { cancelUnfundedApplications } from '../../src/services/collateral/cancel-unfunded.js';
import { sweepRenewalTopUps } from '../../src/services/renewal/watch-renewal-top-ups.js';
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
const all: TBorrowerLoan[] = [];

async function fundedLoan(): Promise<TBorrowerLoan> {
  run += 1;
  const email = `renewal-ending-${run}-${Date.now()}@example.com`;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/loans',
    payload: { email, collateralType: 'BTC', coinQuantity: '1', drawAmount: 20_000, state: 'OH' },
  });
  expect(response.statusCode).toBe(201);
  const { appUuid } = response.json() as TPostSandboxLoanResponse;
  const loan = { email, appUuid, token: await signIn(ctx.app, email) };
  all.push(loan);
  return loan;
}

async function post(token: string, url: string, payload?: object) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function get<T>(token: string, url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

async function openRenewal(loan: TBorrowerLoan): Promise<TApplication> {
  const response = await post(
    loan.token,
    `${LEAP}/secure/api/v2/applications/${loan.appUuid}/roll-forward/offers`,
    { organization: 'default' },
  );
  expect(response.statusCode).toBe(200);
  return response.json() as TApplication;
}

/** Open with a top-up, accept and sign: the renewal waits for its top-up. */
async function waitingRenewal(loan: TBorrowerLoan): Promise<TApplication> {
  const renewal = await openRenewal(loan);
  const toppedUp = await post(loan.token, appPath(renewal.appUuid, '/roll-forward/top-up'), {
    topUpQuantity: '0.1',
  });
  expect(toppedUp.statusCode).toBe(200);
  const offer = (toppedUp.json() as TApplication).offers[0];
  expect(
    (await post(loan.token, appPath(renewal.appUuid, '/select-offer'), { offerUuid: offer?.uuid }))
      .statusCode,
  ).toBe(200);
  await ctx.runJobs();
  const documents = await get<TDocument[]>(
    loan.token,
    appPath(renewal.appUuid, `/borrowers/${renewal.identityUuid}/documents/unsigned`),
  );
  for (const document of documents) {
    const signed = await post(
      loan.token,
      appPath(
        renewal.appUuid,
        `/borrowers/${renewal.identityUuid}/documents/${document.uuid}/sign`,
      ),
    );
    expect(signed.statusCode).toBe(200);
  }
  return renewal;
}

async function now(): Promise<Date> {
  const clock = await ctx.app.inject({ method: 'GET', url: '/sandbox/clock' });
  return new Date((clock.json() as { now: string }).now);
}

async function advanceDays(days: number): Promise<Date> {
  const moved = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/clock',
    payload: { advanceHours: days * 24 },
  });
  expect(moved.statusCode).toBe(200);
  for (const loan of all) loan.token = await signIn(ctx.app, loan.email);
  return new Date((moved.json() as { now: string }).now);
}

async function applicationOf(loan: TBorrowerLoan, appUuid: string): Promise<TApplication> {
  return get<TApplication>(loan.token, `${LEAP}/secure/api/v1/applications/${appUuid}`);
}

async function renewalWindowOf(loan: TBorrowerLoan) {
  const { loans } = await get<TGetLoanStatusResponse>(
    loan.token,
    '/provenance/borrower/servicing/v2/loanStatus',
  );
  return loans.find((candidate) => candidate.appUuid === loan.appUuid)?.renewal;
}

let unfunded: TBorrowerLoan;
let openedOnly: TBorrowerLoan;
let waiting: TBorrowerLoan;

beforeAll(async () => {
  ctx = await createApplicationsTestContext();
  await provisionSandboxAgents(ctx);
  unfunded = await fundedLoan();
  openedOnly = await fundedLoan();
  waiting = await fundedLoan();
  // Into the renewal window: 20 days before maturity.
  const { loans } = await get<TGetLoanStatusResponse>(
    unfunded.token,
    '/provenance/borrower/servicing/v2/loanStatus',
  );
  const target = Date.parse(`${loans[0]?.maturityDate}T00:00:00Z`) - 20 * DAY_MS;
  await advanceDays(Math.ceil((target - (await now()).getTime()) / DAY_MS));
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

describe('a renewal after its deadline says what happened', () => {
  it('is cancelled 5 days after signing without its top-up, and says so', async () => {
    const renewal = await waitingRenewal(unfunded);
    expect((await renewalWindowOf(unfunded))?.position).toBe('OPEN');
    const later = await advanceDays(6);
    const result = await cancelUnfundedApplications({
      db: ctx.database.db,
      chain: ctx.adapters.chain,
      clock: () => later,
    });
    expect(result.cancelled).toContain(renewal.appUuid);
    const ended = await applicationOf(unfunded, renewal.appUuid);
    expect(ended.state).toBe('CANCELLED');
    expect(ended.ending?.reason).toBe('COLLATERAL_DEADLINE');
  });

  it('ends when the loan matures, opened only or waiting for its coins', async () => {
    const opened = await openRenewal(openedOnly);
    const signed = await waitingRenewal(waiting);
    // Nothing ends before the maturity date.
    const before = await now();
    await sweepRenewalTopUps({
      db: ctx.database.db,
      chain: ctx.adapters.chain,
      clock: () => before,
    });
    expect((await applicationOf(openedOnly, opened.appUuid)).state).toBe('CREATED');

    const after = await advanceDays(16);
    const deps = { db: ctx.database.db, chain: ctx.adapters.chain, clock: () => after };
    await sweepRenewalTopUps(deps);
    await sweepRenewalTopUps(deps);
    for (const [loan, renewal] of [
      [openedOnly, opened],
      [waiting, signed],
    ] as const) {
      const ended = await applicationOf(loan, renewal.appUuid);
      expect(ended.state).toBe('CANCELLED');
      expect(ended.ending).toMatchObject({ reason: 'MATURED' });
      // The loan's window is past: no page offers to renew it or says it opens later.
      const window = await renewalWindowOf(loan);
      expect(window).toMatchObject({ isOpen: false, position: 'AFTER' });
    }
    // Opening a renewal of a matured loan is refused with the rule's words.
    const refused = await post(
      openedOnly.token,
      `${LEAP}/secure/api/v2/applications/${openedOnly.appUuid}/roll-forward/offers`,
      { organization: 'default' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MATURED' });
  });
});
