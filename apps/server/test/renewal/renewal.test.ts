/**
 * Renewal (roll-forward) through the API: funded loans made with POST /sandbox/loans,
 * the sandbox clock moved into the renewal window, and the three roll-forward calls, acceptance,
 * signing and the top-up deposit. One database for the file: the clock only moves forward, so the
 * loans are made first and the tests run in order.
 */
import { describe, expect, it } from 'vitest';
import type {
  TApplication,
  TCollateralInfo,
  TGetOpsApplicationsResponse,
  TOpsApplicationDetail,
  TPostRollForwardRatesResponse,
} from '@pledge/contract';
import { RENEWAL_MESSAGES } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import { applications } from '../../src/db/schema/index.js';
import { appPath, bearer, LEAP, useApplicationsTestContext } from '../applications/helpers.js';
import { opsCall, opsPath, signInAgent } from '../ops/helpers.js';
import {
  advanceClockHours,
  setBtcPrice,
  type TTestLoan,
  useSandboxLoans,
  loanStatuses,
} from '../servicing/helpers.js';
import {
  DAY_MS,
  requestRenewal,
  requestTopUp,
  sandboxNow,
  selectOffer,
  signAll,
} from './helpers.js';
import { sendCoins } from '../helpers/sandbox-chain.js';

const ctx = useApplicationsTestContext();

const openRenewal = (token: string, loanUuid: string) => requestRenewal(ctx, token, loanUuid);
const topUp = (token: string, renewalUuid: string, quantity: string) =>
  requestTopUp(ctx, token, renewalUuid, quantity);
const loans = (token: string) => loanStatuses(ctx, token);
/** The renewal rates the borrower is shown for a loan (theirs unless said) with a top-up. */
const renewalRates = (borrower: TTestLoan, topUpQuantity: string, loanUuid = borrower.loanUuid) =>
  ctx.app.inject({
    method: 'POST',
    url: `${LEAP}/secure/api/v1/roll-forward/rates`,
    headers: bearer(borrower.token),
    payload: { appUuid: loanUuid, topUpQuantity, organization: 'default' },
  });

/** Signs every document of the renewal; answers the state the last signature left. */
async function signedState(borrower: TTestLoan, renewal: TApplication) {
  const signed = await signAll(ctx, borrower.token, renewal);
  expect(signed.statusCode).toBe(200);
  return signed.body.state;
}

const [plain, withTopUp, stranger, highLtv] = useSandboxLoans(ctx, 4);

describe('renewal', () => {
  it('is refused before the window opens, saying when it opens', async () => {
    const response = await openRenewal(plain.token, plain.loanUuid);
    expect(response.statusCode).toBe(409);
    const [loan] = await loans(plain.token);
    const opensOn = new Date(Date.parse(`${loan?.maturityDate}T00:00:00Z`) - 30 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    expect(loan?.renewal).toEqual({
      opensOn,
      closesOn: loan?.maturityDate,
      isOpen: false,
      position: 'BEFORE',
    });
    expect(response.json()).toMatchObject({
      code: 'WINDOW_NOT_OPEN',
      message: RENEWAL_MESSAGES.windowNotOpen(opensOn),
    });
  });

  it('opens 20 days before maturity, once however often it is asked', async () => {
    const [loan] = await loans(plain.token);
    const target = Date.parse(`${loan?.maturityDate}T00:00:00Z`) - 20 * DAY_MS;
    const now = (await sandboxNow(ctx)).getTime();
    // Sessions idle out across months: everyone signs in again.
    await advanceClockHours(ctx, Math.ceil((target - now) / 3_600_000), [
      plain,
      withTopUp,
      stranger,
      highLtv,
    ]);

    expect((await loans(plain.token))[0]?.renewal?.isOpen).toBe(true);
    const [first, second, third] = await Promise.all([
      openRenewal(plain.token, plain.loanUuid),
      openRenewal(plain.token, plain.loanUuid),
      openRenewal(plain.token, plain.loanUuid),
    ]);
    for (const response of [first, second, third]) expect(response.statusCode).toBe(200);
    const renewal = first?.json() as TApplication;
    expect(renewal.isRollForward).toBe(true);
    expect(renewal.appUuid).not.toBe(plain.loanUuid);
    expect((second?.json() as TApplication).appUuid).toBe(renewal.appUuid);
    expect((third?.json() as TApplication).appUuid).toBe(renewal.appUuid);
    const again = await openRenewal(plain.token, plain.loanUuid);
    expect((again.json() as TApplication).appUuid).toBe(renewal.appUuid);
    const rows = await ctx.database.db
      .select({ uuid: applications.uuid })
      .from(applications)
      .where(eq(applications.renewsApplicationUuid, plain.loanUuid));
    expect(rows).toHaveLength(1);

    expect(renewal.rollForwardLoanDetails).toEqual({
      collateral: { coinQuantity: '1', type: 'BTC' },
      topUpAmount: { coinQuantity: '0', type: 'BTC' },
      remainingTopUpAmount: { coinQuantity: '0', type: 'BTC' },
    });
    const offer = (again.json() as TApplication).offers[0];
    // The cash is the loan's balance: its principal plus the interest of the running month.
    expect(offer?.drawAmount).toBeGreaterThanOrEqual(20_250);
    expect(offer?.collateralUnits).toBe('1');
  });

  it('answers another borrower’s loan as not found', async () => {
    const response = await openRenewal(stranger.token, plain.loanUuid);
    expect(response.statusCode).toBe(404);
    const rates = await renewalRates(stranger, '0', plain.loanUuid);
    expect(rates.statusCode).toBe(404);
  });

  it('gives one new loan when the offer is accepted twice at once, and renews the old one', async () => {
    const renewal = (await openRenewal(plain.token, plain.loanUuid)).json() as TApplication;
    const offerUuid = renewal.offers[0]?.uuid ?? '';
    const answers = await Promise.all([
      selectOffer(ctx, plain.token, renewal.appUuid, offerUuid),
      selectOffer(ctx, plain.token, renewal.appUuid, offerUuid),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const accepted = answers[0]?.json() as TApplication;
    expect(accepted.state).toBe('GEN_APP_DISCLOSURES');

    // Without a top-up the last signature completes it: no collateral step.
    expect(await signedState(plain, accepted)).toBe('COMPLETE');
    const all = await loans(plain.token);
    expect(all.map((loan) => [loan.appUuid, loan.state, loan.loanType]).sort()).toEqual(
      [
        [plain.loanUuid, 'RENEWED', 'NEW_LOAN'],
        [renewal.appUuid, 'COMPLETE', 'RENEWAL'],
      ].sort(),
    );
    const complete = await ctx.database.db
      .select({ uuid: applications.uuid })
      .from(applications)
      .where(
        and(
          eq(applications.renewsApplicationUuid, plain.loanUuid),
          eq(applications.state, 'COMPLETE'),
        ),
      );
    expect(complete).toHaveLength(1);
    // A renewed loan is not renewed again.
    expect((await openRenewal(plain.token, plain.loanUuid)).json()).toMatchObject({
      appUuid: renewal.appUuid,
      state: 'COMPLETE',
    });
  });

  it('adds collateral: the offer changes, the cash does not, and the deposit completes it', async () => {
    const opened = (await openRenewal(withTopUp.token, withTopUp.loanUuid)).json() as TApplication;
    const cash = opened.offers[0]?.drawAmount;
    const rates = await renewalRates(withTopUp, '0.1');
    expect(rates.statusCode).toBe(200);
    expect((rates.json() as TPostRollForwardRatesResponse).eligibleTierId).not.toBeNull();

    const topped = await topUp(withTopUp.token, opened.appUuid, '0.1');
    expect(topped.statusCode).toBe(200);
    const renewal = topped.json() as TApplication;
    expect(renewal.offers).toHaveLength(1);
    expect(renewal.offers[0]?.collateralUnits).toBe('1.1');
    expect(renewal.offers[0]?.drawAmount).toBe(cash);
    expect(renewal.rollForwardLoanDetails?.topUpAmount.coinQuantity).toBe('0.1');

    const accepted = await selectOffer(
      ctx,
      withTopUp.token,
      renewal.appUuid,
      renewal.offers[0]?.uuid ?? '',
    );
    expect(accepted.statusCode).toBe(200);
    expect(await signedState(withTopUp, accepted.json() as TApplication)).toBe(
      'WAITING_FOR_COLLATERAL',
    );
    const waiting = await ctx.app.inject({
      method: 'GET',
      url: appPath(renewal.appUuid),
      headers: bearer(withTopUp.token),
    });
    expect((waiting.json() as TApplication).rollForwardLoanDetails?.remainingTopUpAmount).toEqual({
      coinQuantity: '0.1',
      type: 'BTC',
    });

    // The top-up goes to the loan's own deposit address.
    const collateral = await ctx.app.inject({
      method: 'GET',
      url: appPath(withTopUp.loanUuid, '/collateral'),
      headers: bearer(withTopUp.token),
    });
    const address = (collateral.json() as TCollateralInfo).wallet?.depositAddress ?? '';
    expect(address).not.toBe('');
    // The renewal's collateral page shows that address and the coins still due.
    const renewalCollateral = await ctx.app.inject({
      method: 'POST',
      url: appPath(renewal.appUuid, '/collateral/calculate'),
      headers: bearer(withTopUp.token),
    });
    expect(renewalCollateral.statusCode).toBe(200);
    const info = renewalCollateral.json() as TCollateralInfo;
    expect(info.wallet?.depositAddress).toBe(address);
    expect(info.remainingCoinAmountDue.coinQuantity).toBe('0.1');
    await sendCoins(ctx.app, address, '0.1');
    const all = await loans(withTopUp.token);
    expect(all.map((loan) => [loan.appUuid, loan.state]).sort()).toEqual(
      [
        [withTopUp.loanUuid, 'RENEWED'],
        [renewal.appUuid, 'COMPLETE'],
      ].sort(),
    );
    expect(all.find((loan) => loan.appUuid === renewal.appUuid)?.collateral).toEqual({
      coinQuantity: '1.1',
      type: 'BTC',
    });
  });

  it('shows renewals beside new loans in the agent console, filtered by kind', async () => {
    const agent = await signInAgent(ctx);
    const list = async (kind: string) => {
      const response = await opsCall(
        ctx.app,
        'GET',
        opsPath(`?kind=${kind}&limit=100`),
        agent.token,
      );
      expect(response.statusCode).toBe(200);
      return (response.json() as TGetOpsApplicationsResponse).items;
    };
    const renewals = await list('RENEWAL');
    expect(renewals.length).toBeGreaterThanOrEqual(2);
    expect(renewals.every((item) => item.isRollForward)).toBe(true);
    const newLoans = await list('NEW_LOAN');
    expect(newLoans.map((item) => item.appUuid)).toContain(plain.loanUuid);
    expect(newLoans.some((item) => item.isRollForward)).toBe(false);
    const renewal = renewals.find((item) => item.state === 'COMPLETE');
    const detail = await opsCall(
      ctx.app,
      'GET',
      opsPath(`/${renewal?.appUuid ?? ''}`),
      agent.token,
    );
    expect(detail.statusCode).toBe(200);
    const events = (detail.json() as TOpsApplicationDetail).auditEvents.map(
      (event) => event.toState,
    );
    expect(events).toEqual(
      expect.arrayContaining(['GEN_APP_DISCLOSURES', 'SIGN_DOCS', 'COMPLETE']),
    );
  });

  it('says how much to add when the new LTV fits no band, changing nothing', async () => {
    // 1 BTC at $26,500 holds about $20,300 at 76.6 %: above every band, below the margin call.
    await setBtcPrice(ctx, 26_500);
    const opened = await openRenewal(highLtv.token, highLtv.loanUuid);
    expect(opened.statusCode).toBe(200);
    const renewal = opened.json() as TApplication;
    expect(renewal.offers).toEqual([]);
    const tooLittle = await topUp(highLtv.token, renewal.appUuid, '0.01');
    expect(tooLittle.statusCode).toBe(400);
    const body = tooLittle.json() as { code: string; fieldErrors: Record<string, string[]> };
    expect(body.code).toBe('LTV_TOO_HIGH');
    expect(body.fieldErrors.topUpQuantity?.[0]).toMatch(/^Add at least 0\.\d+ BTC to renew/);
    // The message names the whole top-up, not what it lacks beyond the 0.01 BTC entered.
    const [, whole, more] =
      /^Add at least (0\.\d+) BTC to renew at your current loan balance\. That is (0\.\d+) BTC more than you entered\.$/.exec(
        body.fieldErrors.topUpQuantity?.[0] ?? '',
      ) ?? [];
    expect(Math.round((Number(whole) - Number(more)) * 1e6)).toBe(10_000);
    const unchanged = await ctx.app.inject({
      method: 'GET',
      url: appPath(renewal.appUuid),
      headers: bearer(highLtv.token),
    });
    expect(
      (unchanged.json() as TApplication).rollForwardLoanDetails?.topUpAmount.coinQuantity,
    ).toBe('0');
    // That whole top-up is enough for an offer.
    expect((await topUp(highLtv.token, renewal.appUuid, whole ?? '')).statusCode).toBe(200);
    const enough = await topUp(highLtv.token, renewal.appUuid, '0.1');
    expect(enough.statusCode).toBe(200);
    expect((enough.json() as TApplication).offers).toHaveLength(1);
  });

  it('is refused for a loan in margin call', async () => {
    // 1 BTC at $25,000 against $20,250: 81 %, past the 80 % margin call of the 8.91 % tier.
    await setBtcPrice(ctx, 25_000);
    const response = await openRenewal(stranger.token, stranger.loanUuid);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'MARGIN_CALL',
      message: RENEWAL_MESSAGES.marginCall,
    });
    await setBtcPrice(ctx, 60_000);
  });
});
