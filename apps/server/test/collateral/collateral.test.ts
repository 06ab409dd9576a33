import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TApplication,
  TCollateralInfo,
  TMicroDepositStatus,
  TPostCollateralReleaseResponse,
} from '@pledge/contract';
import { INVALID_RETURN_ADDRESS_MESSAGE, RETURN_ADDRESS_MESSAGES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { collateralAccounts, collateralDeposits } from '../../src/db/schema/index.js';
import { watchApplicationDeposits } from '../../src/services/collateral/watch-deposits.js';
import {
  appPath,
  bearer,
  createApplicationsTestContext,
  createdApplication,
  expectUnknownAndMalformedIdsRefused,
  newBorrower,
  type TApplicationsTestContext,
  finalStepsOf,
} from '../applications/helpers.js';
import {
  calculate,
  collateralCall,
  confirmCoinsSent,
  deposit,
  ETH_OHIO_OFFER,
  payOff,
  postWalletType,
  waitingApplication,
} from './helpers.js';
import { BTC_RETURN_ADDRESS } from '../servicing/helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

describe('collateral', () => {
  let ctx: TApplicationsTestContext;
  let borrower: Awaited<ReturnType<typeof newBorrower>>;
  let other: Awaited<ReturnType<typeof newBorrower>>;

  beforeAll(async () => {
    ctx = await createApplicationsTestContext();
    borrower = await newBorrower(ctx.app);
    other = await newBorrower(ctx.app);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const state = async (appUuid: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: appPath(appUuid),
      headers: bearer(borrower.token),
    });
    return response.json() as TApplication;
  };

  describe('access', () => {
    it('answers 401 without a token and 404 for another borrower or an unknown id', async () => {
      const application = await waitingApplication(ctx, borrower.token);
      expect((await collateralCall(ctx.app, null, application.appUuid)).statusCode).toBe(401);
      const foreign = await collateralCall(ctx.app, other.token, application.appUuid, {
        method: 'POST',
        suffix: '/calculate',
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).not.toHaveProperty('wallet');
      await expectUnknownAndMalformedIdsRefused((id) =>
        collateralCall(ctx.app, borrower.token, id),
      );
      for (const suffix of [
        '/calculate',
        '/source-wallet-type',
        '/borrower-confirmation',
        '/micro-deposit-borrower-confirmation',
        '/release',
      ]) {
        const response = await collateralCall(ctx.app, other.token, application.appUuid, {
          method: 'POST',
          suffix,
          payload:
            suffix === '/source-wallet-type'
              ? JSON.stringify('CUSTODIAL')
              : suffix === '/release'
                ? { returnAddress: BTC_RETURN_ADDRESS }
                : undefined,
        });
        expect([suffix, response.statusCode]).toEqual([suffix, 404]);
      }
    });

    it('answers 404 COLLATERAL_NOT_FOUND before an offer is accepted', async () => {
      const created = await createdApplication(ctx.app, borrower.token);
      const response = await collateralCall(ctx.app, borrower.token, created.appUuid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'COLLATERAL_NOT_FOUND' });
    });
  });

  describe('deposit address', () => {
    it('is derived once per application on calculate, and never shared', async () => {
      const first = await waitingApplication(ctx, borrower.token);
      const before = (await collateralCall(ctx.app, borrower.token, first.appUuid)).json();
      expect(before).toMatchObject({ wallet: null, walletSourceType: 'CUSTODIAL' });

      const info = await calculate(ctx.app, borrower.token, first.appUuid);
      expect(info.wallet?.depositAddress).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
      expect(info.requiredCoinAmount.type).toBe('BTC');
      expect(info.collateralPrice).toMatchObject({ type: 'BTC', valueOfOne: 60_000 });
      expect(info.remainingCoinAmountDue).toEqual(info.requiredCoinAmount);
      const again = await calculate(ctx.app, borrower.token, first.appUuid);
      expect(again.wallet?.depositAddress).toBe(info.wallet?.depositAddress);

      const second = await waitingApplication(ctx, borrower.token);
      const [secondInfo, [account]] = await Promise.all([
        calculate(ctx.app, borrower.token, second.appUuid),
        ctx.database.db
          .select()
          .from(collateralAccounts)
          .where(eq(collateralAccounts.applicationUuid, first.appUuid)),
      ]);
      expect(secondInfo.wallet?.depositAddress).not.toBe(info.wallet?.depositAddress);
      // The stored index re-derives the same address from the account key.
      expect(ctx.adapters.chain.depositAddress('BTC', account?.derivationIndex ?? -1)).toBe(
        info.wallet?.depositAddress,
      );
    });

    it('derives EIP-55 addresses for ETH', async () => {
      const application = await waitingApplication(ctx, borrower.token, { offer: ETH_OHIO_OFFER });
      const info = await calculate(ctx.app, borrower.token, application.appUuid);
      expect(info.wallet?.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(info.wallet?.depositAddress).not.toBe(info.wallet?.depositAddress.toLowerCase());
      expect(info.requiredCoinAmount).toEqual({ coinQuantity: '20', type: 'ETH' });
      const sent = await deposit(ctx.app, {
        address: info.wallet?.depositAddress ?? '',
        amount: '20',
      });
      expect(sent.json()).toMatchObject({ collateralType: 'ETH', confirmations: 12 });
      expect((sent.json() as { transactionHash: string }).transactionHash).toMatch(
        /^0x[0-9a-f]{64}$/,
      );
      expect((await state(application.appUuid)).state).toBe('MANUAL_FUNDING_RELEASE');
    });

    it('is not derived before the documents are signed', async () => {
      const created = await createdApplication(ctx.app, borrower.token);
      const accepted = await ctx.app.inject({
        method: 'POST',
        url: appPath(created.appUuid, '/requested-offer'),
        headers: bearer(borrower.token),
        payload: ETH_OHIO_OFFER,
      });
      const offerUuid = (accepted.json() as TApplication).offers[0]?.uuid ?? '';
      await ctx.app.inject({
        method: 'POST',
        url: appPath(created.appUuid, '/select-offer'),
        headers: bearer(borrower.token),
        payload: { offerUuid },
      });
      const info = await calculate(ctx.app, borrower.token, created.appUuid);
      expect(info.wallet).toBeNull();
    });
  });

  describe('deposits', () => {
    it('counts confirmed deposits once, ignores unconfirmed ones, and funds at the required amount', async () => {
      const application = await waitingApplication(ctx, borrower.token);
      const info = await calculate(ctx.app, borrower.token, application.appUuid);
      const address = info.wallet?.depositAddress ?? '';
      expect(info.requiredCoinAmount.coinQuantity).toBe('1');

      expect((await deposit(ctx.app, { address, amount: '0.4' })).statusCode).toBe(201);
      const pending = await deposit(ctx.app, { address, amount: '0.6', confirmations: 0 });
      expect(pending.statusCode).toBe(201);
      expect(pending.json()).toMatchObject({
        amount: '0.6',
        confirmations: 0,
        collateralType: 'BTC',
      });

      // The sweep and a direct watch see the same transactions again: nothing is counted twice.
      await ctx.runJobs();
      await watchApplicationDeposits(
        { db: ctx.database.db, chain: ctx.adapters.chain, clock: () => new Date() },
        application.appUuid,
      );
      const partial = (
        await collateralCall(ctx.app, borrower.token, application.appUuid)
      ).json() as TCollateralInfo;
      expect(partial.wallet?.currentTotalCoinBalance).toEqual({ coinQuantity: '0.4', type: 'BTC' });
      expect(partial.remainingCoinAmountDue).toEqual({ coinQuantity: '0.6', type: 'BTC' });
      expect(partial.wallet?.transactions).toHaveLength(2);
      expect(
        partial.wallet?.transactions.map((tx) => [tx.transactionAmount, tx.confirmed]),
      ).toEqual(
        expect.arrayContaining([
          ['0.4', true],
          ['0.6', false],
        ]),
      );
      expect((await state(application.appUuid)).state).toBe('WAITING_FOR_COLLATERAL');
      const steps = await finalStepsOf(ctx.app, borrower.token, application.appUuid);
      expect(steps.items.at(-1)).toEqual({
        name: 'Post Collateral',
        status: 'PENDING',
      });

      expect((await deposit(ctx.app, { address, amount: '0.6' })).statusCode).toBe(201);
      const funded = await state(application.appUuid);
      // Funded (CRYPTO_FUNDING_VERIFY), then verified by the disbursement side (domestic loan).
      expect(funded.state).toBe('MANUAL_FUNDING_RELEASE');
      const trail = await auditEventsOf(ctx.database.db, application.appUuid);
      expect(trail.slice(-2).map((event) => [event.fromState, event.toState, event.actor])).toEqual(
        [
          ['WAITING_FOR_COLLATERAL', 'CRYPTO_FUNDING_VERIFY', 'system:watch-deposits'],
          ['CRYPTO_FUNDING_VERIFY', 'MANUAL_FUNDING_RELEASE', 'system:watch-deposits'],
        ],
      );
      expect(funded.collateral?.wallet?.currentTotalCoinBalance.coinQuantity).toBe('1');
      expect(funded.collateral?.remainingCoinAmountDue.coinQuantity).toBe('0');
      const rows = await ctx.database.db
        .select()
        .from(collateralDeposits)
        .where(eq(collateralDeposits.applicationUuid, application.appUuid));
      expect(rows).toHaveLength(3);
      const done = await finalStepsOf(ctx.app, borrower.token, application.appUuid);
      expect(done.items.at(-1)?.status).toBe('COMPLETED');
    });

    it('refuses deposits to unknown addresses and bad amounts', async () => {
      const unknown = await deposit(ctx.app, {
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        amount: '1',
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await deposit(ctx.app, { address: 'bc1q', amount: '-1' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('borrower choices', () => {
    it('records the wallet type, the sent confirmation and the test deposit', async () => {
      const application = await waitingApplication(ctx, borrower.token);
      const appUuid = application.appUuid;
      const type = await postWalletType(
        ctx.app,
        borrower.token,
        appUuid,
        JSON.stringify('SELF_HOSTED'),
      );
      expect(type.statusCode).toBe(200);
      expect(type.json()).toEqual({ walletSourceType: 'SELF_HOSTED' });
      const badType = await postWalletType(ctx.app, borrower.token, appUuid, {
        walletType: 'CUSTODIAL',
      });
      expect(badType.statusCode).toBe(400);

      const confirmed = await confirmCoinsSent(ctx.app, borrower.token, appUuid);
      expect(confirmed.statusCode).toBe(200);
      const first = confirmed.json() as TCollateralInfo;
      expect(first.borrowerConfirmedAt).not.toBeNull();
      expect(first.walletSourceType).toBe('SELF_HOSTED');
      expect(first.wallet?.depositAddress).toBeTruthy();
      const repeat = (
        await confirmCoinsSent(ctx.app, borrower.token, appUuid)
      ).json() as TCollateralInfo;
      expect(repeat.borrowerConfirmedAt).toBe(first.borrowerConfirmedAt);

      const before = (
        await collateralCall(ctx.app, borrower.token, appUuid, { suffix: '/micro-deposit-status' })
      ).json() as TMicroDepositStatus;
      expect(before).toMatchObject({ status: 'NOT_REQUESTED', borrowerOptIn: false });
      const optIn = await collateralCall(ctx.app, borrower.token, appUuid, {
        method: 'POST',
        suffix: '/micro-deposit-borrower-confirmation',
      });
      expect(optIn.statusCode).toBe(200);
      expect(optIn.json()).toMatchObject({
        status: 'AWAITING_DEPOSIT',
        borrowerOptIn: true,
        minVerifyAmount: { coinQuantity: '0.0001', type: 'BTC' },
      });
      await deposit(ctx.app, { address: first.wallet?.depositAddress ?? '', amount: '0.001' });
      const verified = (
        await collateralCall(ctx.app, borrower.token, appUuid, { suffix: '/micro-deposit-status' })
      ).json() as TMicroDepositStatus;
      expect(verified.status).toBe('VERIFIED');
      expect(verified.verifiedAt).not.toBeNull();
    });

    it('refuses the sent confirmation before signing', async () => {
      const created = await createdApplication(ctx.app, borrower.token);
      const response = await confirmCoinsSent(ctx.app, borrower.token, created.appUuid);
      expect(response.statusCode).toBe(404);
    });
  });

  describe('release', () => {
    async function paidOffLoan(): Promise<string> {
      const application = await waitingApplication(ctx, borrower.token);
      const info = await calculate(ctx.app, borrower.token, application.appUuid);
      await deposit(ctx.app, { address: info.wallet?.depositAddress ?? '', amount: '1' });
      await payOff(ctx, application.appUuid);
      return application.appUuid;
    }

    const release = (appUuid: string, returnAddress: unknown) =>
      collateralCall(ctx.app, borrower.token, appUuid, {
        method: 'POST',
        suffix: '/release',
        payload: { returnAddress },
      });

    it('is refused before the loan is paid off', async () => {
      const application = await waitingApplication(ctx, borrower.token);
      const response = await release(application.appUuid, BTC_RETURN_ADDRESS);
      expect(response.statusCode).toBe(409);
    });

    it('validates the return address for the coin', async () => {
      const appUuid = await paidOffLoan();
      const empty = await release(appUuid, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        fieldErrors: { returnAddress: [RETURN_ADDRESS_MESSAGES.required] },
      });
      const eth = await release(appUuid, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
      expect(eth.statusCode).toBe(400);
      expect(eth.json()).toEqual({
        code: 'INVALID_RETURN_ADDRESS',
        message: INVALID_RETURN_ADDRESS_MESSAGE,
        fieldErrors: { returnAddress: [INVALID_RETURN_ADDRESS_MESSAGE] },
      });
    });

    it('is idempotent: concurrent and repeated requests record one release', async () => {
      const appUuid = await paidOffLoan();
      const answers = await Promise.all([
        release(appUuid, ` ${BTC_RETURN_ADDRESS} `),
        release(appUuid, BTC_RETURN_ADDRESS),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const bodies = answers.map((answer) => answer.json() as TPostCollateralReleaseResponse);
      expect(bodies.map((body) => body.collateralReleaseResponse.result).sort()).toEqual([
        'DUPLICATE_REQUEST',
        'SUCCESS',
      ]);
      expect(bodies[0]?.collateralReleaseRequest).toEqual(bodies[1]?.collateralReleaseRequest);
      expect(bodies[0]?.collateralReleaseRequest.address).toBe(BTC_RETURN_ADDRESS);
      const info = (
        await collateralCall(ctx.app, borrower.token, appUuid)
      ).json() as TCollateralInfo;
      expect(info.collateralReleaseResponses).toEqual([
        { id: bodies[0]?.collateralReleaseRequest.requestId, result: 'SUCCESS' },
      ]);
    });
  });
});
