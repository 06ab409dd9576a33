/**
 * Issue 34, finding 7: a renewal's test deposit is recognised as a new loan's is. The renewal's
 * coins go to its loan's own address, which already holds the loan's collateral: only a deposit
 * first seen after the renewal opened verifies it, and what the borrower says on the renewal's
 * collateral page (the opt-in, "I have sent") is the renewal's own, never the loan's old answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TApplication, TCollateralInfo, TMicroDepositStatus } from '@pledge/contract';
import { appPath, LEAP, useApplicationsTestContext } from '../applications/helpers.js';
import { sandboxLoan, type TTestLoan } from '../servicing/helpers.js';
import { enterRenewalWindow, getAs, postAs, waitingRenewal } from './helpers.js';
import { sendCoins } from '../helpers/sandbox-chain.js';

const ctx = useApplicationsTestContext();
let loan: TTestLoan;

const post = (url: string) => postAs(ctx, loan.token, url);
const get = <T>(url: string) => getAs<T>(ctx, loan.token, url);

beforeAll(async () => {
  loan = await sandboxLoan(ctx);
  // The loan's own collateral page was walked: its "I have sent" is on record.
  expect((await post(appPath(loan.loanUuid, '/collateral/borrower-confirmation'))).statusCode).toBe(
    200,
  );
  // Into the renewal window: 20 days before maturity.
  await enterRenewalWindow(ctx, [loan]);
}, 120_000);

describe("a renewal's test deposit", () => {
  it('is awaited after the opt-in, and verified by a deposit to the loan’s address', async () => {
    const renewal = await waitingRenewal(ctx, loan, '0.1');
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

    await sendCoins(ctx.app, address, '0.001');
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
    await sendCoins(ctx.app, address, '0.099');
    await ctx.runJobs();
    const completed = await get<TApplication>(
      `${LEAP}/secure/api/v1/applications/${renewal.appUuid}`,
    );
    expect(completed.state).toBe('COMPLETE');
  });
});
