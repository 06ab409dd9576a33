/**
 * Issue 34, finding 7: a renewal's test deposit is recognised as a new loan's is. The renewal's
 * coins go to its loan's own address, which already holds the loan's collateral: only a deposit
 * first seen after the renewal opened verifies it, and what the borrower says on the renewal's
 * collateral page (the opt-in, "I have sent") is the renewal's own, never the loan's old answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TApplication,
  TCollateralInfo,
  TDocument,
  TGetLoanStatusResponse,
  TMicroDepositStatus,
  TPostSandboxLoanResponse,
} from '@pledge/contract';
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
let email: string;
let token: string;
let loanUuid: string;

async function post(url: string, payload?: object) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

async function deposit(address: string, amount: string): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/chain/deposits',
    payload: { address, amount },
  });
  expect(response.statusCode).toBe(201);
}

/** Open with a top-up, accept and sign: the renewal waits for its top-up. */
async function waitingRenewal(quantity: string): Promise<TApplication> {
  const opened = await post(`${LEAP}/secure/api/v2/applications/${loanUuid}/roll-forward/offers`, {
    organization: 'default',
  });
  expect(opened.statusCode).toBe(200);
  const renewal = opened.json() as TApplication;
  const toppedUp = await post(appPath(renewal.appUuid, '/roll-forward/top-up'), {
    topUpQuantity: quantity,
  });
  expect(toppedUp.statusCode).toBe(200);
  const offer = (toppedUp.json() as TApplication).offers[0];
  const accepted = await post(appPath(renewal.appUuid, '/select-offer'), {
    offerUuid: offer?.uuid ?? '',
  });
  expect(accepted.statusCode).toBe(200);
  await ctx.runJobs();
  const documents = await get<TDocument[]>(
    appPath(renewal.appUuid, `/borrowers/${renewal.identityUuid}/documents/unsigned`),
  );
  expect(documents.length).toBeGreaterThan(0);
  for (const document of documents) {
    const signed = await post(
      appPath(
        renewal.appUuid,
        `/borrowers/${renewal.identityUuid}/documents/${document.uuid}/sign`,
      ),
    );
    expect(signed.statusCode).toBe(200);
  }
  return renewal;
}

beforeAll(async () => {
  ctx = await createApplicationsTestContext();
  await provisionSandboxAgents(ctx);
  email = `renewal-test-deposit-${Date.now()}@example.com`;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/loans',
    payload: { email, collateralType: 'BTC', coinQuantity: '1', drawAmount: 20_000, state: 'OH' },
  });
  expect(created.statusCode).toBe(201);
  loanUuid = (created.json() as TPostSandboxLoanResponse).appUuid;
  token = await signIn(ctx.app, email);
  // The loan's own collateral page was walked: its "I have sent" is on record.
  expect((await post(appPath(loanUuid, '/collateral/borrower-confirmation'))).statusCode).toBe(200);
  // Into the renewal window: 20 days before maturity.
  const { loans } = await get<TGetLoanStatusResponse>(
    '/provenance/borrower/servicing/v2/loanStatus',
  );
  const clock = await ctx.app.inject({ method: 'GET', url: '/sandbox/clock' });
  const now = Date.parse((clock.json() as { now: string }).now);
  const target = Date.parse(`${loans[0]?.maturityDate}T00:00:00Z`) - 20 * DAY_MS;
  const moved = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/clock',
    payload: { advanceHours: Math.ceil((target - now) / DAY_MS) * 24 },
  });
  expect(moved.statusCode).toBe(200);
  token = await signIn(ctx.app, email);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe("a renewal's test deposit", () => {
  it('is awaited after the opt-in, and verified by a deposit to the loan’s address', async () => {
    const renewal = await waitingRenewal('0.1');
    const before = await get<TCollateralInfo>(appPath(renewal.appUuid, '/collateral'));
    // None of the loan's answers stand for the renewal.
    expect(before.borrowerConfirmedAt).toBeNull();
    expect(before.microDepositVerify?.borrowerOptIn).toBe(false);
    const address = before.wallet?.depositAddress ?? '';
    expect(address).not.toBe('');

    const optIn = await post(
      appPath(renewal.appUuid, '/collateral/micro-deposit-borrower-confirmation'),
    );
    expect(optIn.statusCode).toBe(200);
    // The loan's 1 BTC on the address came before the renewal: it verifies nothing.
    expect((optIn.json() as TMicroDepositStatus).status).toBe('AWAITING_DEPOSIT');
    const optedIn = await get<TCollateralInfo>(appPath(renewal.appUuid, '/collateral'));
    expect(optedIn.microDepositVerify?.borrowerOptIn).toBe(true);

    await deposit(address, '0.001');
    const status = await get<TMicroDepositStatus>(
      appPath(renewal.appUuid, '/collateral/micro-deposit-status'),
    );
    expect(status.status).toBe('VERIFIED');
    expect(status.verifiedAt).not.toBeNull();

    // "I have sent" is the renewal's own, once said; the rest then completes it.
    expect(
      (await post(appPath(renewal.appUuid, '/collateral/borrower-confirmation'))).statusCode,
    ).toBe(200);
    const confirmed = await get<TCollateralInfo>(appPath(renewal.appUuid, '/collateral'));
    expect(confirmed.borrowerConfirmedAt).not.toBeNull();
    expect(confirmed.wallet?.transactions.map((row) => row.transactionAmount)).toContain('0.001');
    await deposit(address, '0.099');
    await ctx.runJobs();
    const completed = await get<TApplication>(
      `${LEAP}/secure/api/v1/applications/${renewal.appUuid}`,
    );
    expect(completed.state).toBe('COMPLETE');
  });
});
