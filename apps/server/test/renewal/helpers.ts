/**
 * The renewal walk through the API, shared by the renewal test files: open a renewal of a funded
 * loan, top it up, accept its offer, sign it, send its coins; and the sandbox clock moved into the
 * loan's renewal window.
 */
import { expect } from 'vitest';
import type { TApplication, TDocument } from '@pledge/contract';
import { appPath, bearer, LEAP, type TApplicationsTestContext } from '../applications/helpers.js';
import { expectJson } from '../ops/helpers.js';
import { advanceClockHours, loanStatuses, type TTestLoan } from '../servicing/helpers.js';

export const DAY_MS = 24 * 3_600_000;

/** A borrower's POST, with a body or none. */
export function postAs(ctx: TApplicationsTestContext, token: string, url: string, body?: object) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(body !== undefined ? { payload: body } : {}),
  });
}

/** A borrower's GET, answered 200. */
export async function getAs<T>(ctx: TApplicationsTestContext, token: string, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  return expectJson(response, 200) as T;
}

/** The sandbox's clock now. */
export async function sandboxNow(ctx: TApplicationsTestContext): Promise<Date> {
  const response = await ctx.app.inject({ method: 'GET', url: '/sandbox/clock' });
  return new Date((response.json() as { now: string }).now);
}

/** The borrower's loans and renewals by uuid: their states. */
export async function loanStates(ctx: TApplicationsTestContext, token: string) {
  const loans = await loanStatuses(ctx, token);
  return Object.fromEntries(loans.map((loan) => [loan.appUuid, loan.state]));
}

/**
 * The sandbox clock moved to 20 days before the first loan's maturity, inside its renewal window;
 * every borrower signs in again (sessions idle out across months).
 */
export async function enterRenewalWindow(
  ctx: TApplicationsTestContext,
  borrowers: readonly Pick<TTestLoan, 'email' | 'token'>[],
): Promise<void> {
  const [loan] = await loanStatuses(ctx, borrowers[0]?.token ?? '');
  const target = Date.parse(`${loan?.maturityDate}T00:00:00Z`) - 20 * DAY_MS;
  const days = Math.ceil((target - (await sandboxNow(ctx)).getTime()) / DAY_MS);
  await advanceClockHours(ctx, days * 24, borrowers);
}

/** POST roll-forward/offers: the loan's renewal opened (or the open one), as answered. */
export function requestRenewal(ctx: TApplicationsTestContext, token: string, loanUuid: string) {
  return postAs(ctx, token, `${LEAP}/secure/api/v2/applications/${loanUuid}/roll-forward/offers`, {
    organization: 'default',
  });
}

export async function openRenewal(
  ctx: TApplicationsTestContext,
  loan: Pick<TTestLoan, 'loanUuid' | 'token'>,
): Promise<TApplication> {
  const response = await requestRenewal(ctx, loan.token, loan.loanUuid);
  return expectJson(response, 200) as TApplication;
}

export function requestTopUp(
  ctx: TApplicationsTestContext,
  token: string,
  renewalUuid: string,
  topUpQuantity: string,
) {
  return postAs(ctx, token, appPath(renewalUuid, '/roll-forward/top-up'), { topUpQuantity });
}

export function selectOffer(
  ctx: TApplicationsTestContext,
  token: string,
  renewalUuid: string,
  offerUuid: string,
) {
  return postAs(ctx, token, appPath(renewalUuid, '/select-offer'), { offerUuid });
}

/** Signs every document of the renewal in order; answers the last signature's response. */
export async function signAll(
  ctx: TApplicationsTestContext,
  token: string,
  renewal: Pick<TApplication, 'appUuid' | 'identityUuid'>,
) {
  await ctx.runJobs();
  const documents = await getAs<TDocument[]>(
    ctx,
    token,
    appPath(renewal.appUuid, `/borrowers/${renewal.identityUuid}/documents/unsigned`),
  );
  expect(documents.length).toBeGreaterThan(0);
  let last = { statusCode: 0, body: {} as { state?: string; code?: string; message?: string } };
  for (const document of documents) {
    const signed = await postAs(
      ctx,
      token,
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

/** Accepts an offer of the renewal (its first by default), then signs every document. */
export async function acceptAndSign(
  ctx: TApplicationsTestContext,
  token: string,
  renewal: TApplication,
  offerUuid = renewal.offers[0]?.uuid ?? '',
) {
  const accepted = await selectOffer(ctx, token, renewal.appUuid, offerUuid);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return signAll(ctx, token, renewal);
}

/** Open, top up, accept and sign: the renewal waits for its top-up. */
export async function waitingRenewal(
  ctx: TApplicationsTestContext,
  loan: Pick<TTestLoan, 'loanUuid' | 'token'>,
  quantity: string,
): Promise<TApplication> {
  const opened = await openRenewal(ctx, loan);
  const toppedUp = await requestTopUp(ctx, loan.token, opened.appUuid, quantity);
  expect(toppedUp.statusCode, toppedUp.body).toBe(200);
  const renewal = toppedUp.json() as TApplication;
  const signed = await acceptAndSign(ctx, loan.token, renewal);
  expect(signed.statusCode).toBe(200);
  expect(signed.body.state).toBe('WAITING_FOR_COLLATERAL');
  return renewal;
}
