/**
 * A loan that holds in any order of events: funding needs signed documents, confirmed
 * collateral and a verified destination whichever comes last; one open collateral release; the
 * borrower's choices kept after the coins arrive; the hold after a payoff; rails tied to residence.
 * After each scenario the domain's loan invariants hold against the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TApplication,
  TCollateralInfo,
  TPostCollateralReleaseResponse,
} from '@pledge/contract';
import {
  CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS,
  loanInvariantViolations,
  type TPayoffMethod,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import {
  applications,
  collateralAccounts,
  collateralReleaseRequests,
} from '../../src/db/schema/index.js';
import { HttpError } from '../../src/http/errors.js';
import { applyTransition } from '../../src/services/applications/apply-transition.js';
import { transitionOutcome } from '../helpers/transition.js';
import { loadLoanFacts } from '../../src/services/applications/loan-facts.js';
import { recordPayoffMethod } from '../../src/services/ops/payoff-record.js';
import {
  appPath,
  bearer,
  GERMANY_OFFER,
  type TApplicationsTestContext,
  openBorrowerContext,
  type TBorrower,
  finalStepsOf,
} from '../applications/helpers.js';
import {
  calculate,
  collateralCall,
  confirmCoinsSent,
  deposit,
  postWalletType,
  waitingApplication,
} from './helpers.js';
import { saveManualBank, EVM_ADDRESS } from '../disbursement/helpers.js';
import { BTC_RETURN_ADDRESS } from '../servicing/helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const OTHER_BTC_RETURN_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const MS_PER_DAY = 24 * 60 * 60 * 1000;

describe('loan integrity in any order of events', () => {
  let ctx: TApplicationsTestContext;
  let borrower: TBorrower;
  beforeAll(async () => ({ ctx, borrower } = await openBorrowerContext()));
  afterAll(() => ctx.close());

  const application = async (appUuid: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: appPath(appUuid),
        headers: bearer(borrower.token),
      })
    ).json() as TApplication;

  const finalSteps = (appUuid: string) => finalStepsOf(ctx.app, borrower.token, appUuid);

  async function expectInvariants(appUuid: string): Promise<void> {
    expect(loanInvariantViolations(await loadLoanFacts(ctx.database.db, appUuid))).toEqual([]);
  }

  async function depositAll(appUuid: string, amount = '1'): Promise<void> {
    const info = await calculate(ctx.app, borrower.token, appUuid);
    const sent = await deposit(ctx.app, { address: info.wallet?.depositAddress ?? '', amount });
    expect(sent.statusCode).toBe(201);
  }

  describe('funding', () => {
    it('waits for the bank account when the collateral arrives first, then moves on with it', async () => {
      const { appUuid } = await waitingApplication(ctx, borrower.token, { withBank: false });
      await depositAll(appUuid);
      expect((await application(appUuid)).state).toBe('CRYPTO_FUNDING_VERIFY');
      const steps = await finalSteps(appUuid);
      expect(steps.items.find((item) => item.name === 'Disbursement Account')?.status).toBe(
        'NOT_STARTED',
      );
      await expectInvariants(appUuid);

      // The disbursement step is still open, and giving it moves the loan on at once.
      expect((await saveManualBank(ctx.app, borrower.token, appUuid)).statusCode).toBe(200);
      expect((await application(appUuid)).state).toBe('MANUAL_FUNDING_RELEASE');
      const trail = await auditEventsOf(ctx.database.db, appUuid, { entityType: 'application' });
      expect(trail.at(-1)).toMatchObject({
        fromState: 'CRYPTO_FUNDING_VERIFY',
        toState: 'MANUAL_FUNDING_RELEASE',
        actor: `borrower:${borrower.identityUuid}`,
      });
      // A retry of the same account changes nothing.
      expect((await saveManualBank(ctx.app, borrower.token, appUuid)).statusCode).toBe(200);
      expect((await application(appUuid)).state).toBe('MANUAL_FUNDING_RELEASE');
      await expectInvariants(appUuid);
    });

    it('moves straight to release when the bank account came first', async () => {
      const { appUuid } = await waitingApplication(ctx, borrower.token);
      await depositAll(appUuid);
      expect((await application(appUuid)).state).toBe('MANUAL_FUNDING_RELEASE');
      await expectInvariants(appUuid);
    });

    it('refuses every path into funding without a bank account (409, nothing changed)', async () => {
      const { appUuid } = await waitingApplication(ctx, borrower.token, { withBank: false });
      await depositAll(appUuid);
      const verify = await transitionOutcome(ctx.database.db, {
        appUuid,
        event: 'FUNDING_VERIFIED',
        actor: 'agent:test',
        context: { isInternational: false },
      });
      expect(verify).toBeInstanceOf(HttpError);
      expect(verify).toMatchObject({ statusCode: 409, code: 'FUNDING_REQUIREMENTS_MISSING' });
      expect((verify as HttpError).message).toContain('disbursement account');

      // Even an application forced into MANUAL_FUNDING_RELEASE cannot be released.
      await ctx.database.db
        .update(applications)
        .set({ state: 'MANUAL_FUNDING_RELEASE', stage: 'ORIGINATING' })
        .where(eq(applications.uuid, appUuid));
      const release = await transitionOutcome(ctx.database.db, {
        appUuid,
        event: 'FUNDS_RELEASED',
        actor: 'agent:test',
      });
      expect(release).toMatchObject({ statusCode: 409, code: 'FUNDING_REQUIREMENTS_MISSING' });
      expect((await application(appUuid)).state).toBe('MANUAL_FUNDING_RELEASE');
    });

    it('refuses to count collateral that is not confirmed', async () => {
      const { appUuid } = await waitingApplication(ctx, borrower.token);
      const counted = await transitionOutcome(ctx.database.db, {
        appUuid,
        event: 'COLLATERAL_FUNDED',
        actor: 'agent:test',
      });
      expect(counted).toMatchObject({ statusCode: 409, code: 'FUNDING_REQUIREMENTS_MISSING' });
      expect((await application(appUuid)).state).toBe('WAITING_FOR_COLLATERAL');
    });
  });

  describe('borrower choices after the coins', () => {
    it('keeps the wallet type and the sent confirmation given after the deposit confirmed', async () => {
      const { appUuid } = await waitingApplication(ctx, borrower.token);
      await depositAll(appUuid);
      expect((await application(appUuid)).state).toBe('MANUAL_FUNDING_RELEASE');
      const type = await postWalletType(
        ctx.app,
        borrower.token,
        appUuid,
        JSON.stringify('SELF_HOSTED'),
      );
      expect(type.statusCode).toBe(200);
      const confirmed = await confirmCoinsSent(ctx.app, borrower.token, appUuid);
      expect(confirmed.statusCode).toBe(200);
      const info = confirmed.json() as TCollateralInfo;
      expect(info.walletSourceType).toBe('SELF_HOSTED');
      expect(info.borrowerConfirmedAt).not.toBeNull();
      const [account] = await ctx.database.db
        .select()
        .from(collateralAccounts)
        .where(eq(collateralAccounts.applicationUuid, appUuid));
      expect(account?.walletSourceType).toBe('SELF_HOSTED');
    });
  });

  describe('collateral release (findings 2 and 5)', () => {
    async function paidOffLoan(
      options: { method?: TPayoffMethod; pendingDeposit?: boolean } = {},
    ): Promise<{ appUuid: string; paidOffAt: Date }> {
      const { appUuid } = await waitingApplication(ctx, borrower.token);
      await depositAll(appUuid);
      await applyTransition(ctx.database.db, {
        appUuid,
        event: 'FUNDS_RELEASED',
        actor: 'agent:test',
      });
      const paidOffAt = new Date();
      await ctx.database.db.transaction(async (tx) => {
        await applyTransition(tx, {
          appUuid,
          event: 'PAID_OFF',
          actor: 'agent:test',
          at: paidOffAt,
        });
        await recordPayoffMethod(tx, {
          appUuid,
          actor: 'agent:test',
          method: options.method ?? 'WIRE',
          reason: 'payoff received',
          at: paidOffAt,
        });
      });
      if (options.pendingDeposit === true) {
        const info = await calculate(ctx.app, borrower.token, appUuid);
        await deposit(ctx.app, {
          address: info.wallet?.depositAddress ?? '',
          amount: '0.1',
          confirmations: 0,
        });
      }
      return { appUuid, paidOffAt };
    }

    const release = (appUuid: string, returnAddress: string) =>
      collateralCall(ctx.app, borrower.token, appUuid, {
        method: 'POST',
        suffix: '/release',
        payload: { returnAddress },
      });

    const releaseRows = (appUuid: string) =>
      ctx.database.db
        .select()
        .from(collateralReleaseRequests)
        .where(eq(collateralReleaseRequests.applicationUuid, appUuid));

    it('keeps one open request while deposits are pending: same id on repeat, 409 for another address', async () => {
      const { appUuid } = await paidOffLoan({ pendingDeposit: true });
      const first = await release(appUuid, BTC_RETURN_ADDRESS);
      expect(first.statusCode).toBe(200);
      const firstBody = first.json() as TPostCollateralReleaseResponse;
      expect(firstBody.collateralReleaseResponse.result).toBe('PENDING_TRANSACTIONS');
      const again = (
        await release(appUuid, BTC_RETURN_ADDRESS)
      ).json() as TPostCollateralReleaseResponse;
      expect(again.collateralReleaseRequest.requestId).toBe(
        firstBody.collateralReleaseRequest.requestId,
      );
      const other = await release(appUuid, OTHER_BTC_RETURN_ADDRESS);
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'COLLATERAL_RELEASE_IN_PROGRESS' });
      const rows = await releaseRows(appUuid);
      expect(rows.map((row) => row.address)).toEqual([BTC_RETURN_ADDRESS]);
      await expectInvariants(appUuid);
    });

    it('records one request for concurrent requests, even with different addresses', async () => {
      const { appUuid } = await paidOffLoan();
      const answers = await Promise.all([
        release(appUuid, BTC_RETURN_ADDRESS),
        release(appUuid, BTC_RETURN_ADDRESS),
        release(appUuid, OTHER_BTC_RETURN_ADDRESS),
      ]);
      expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(
        1,
      );
      expect((await releaseRows(appUuid)).length).toBe(1);
      await expectInvariants(appUuid);
    });

    it('takes another address only after the open request failed', async () => {
      const { appUuid } = await paidOffLoan();
      const first = (
        await release(appUuid, BTC_RETURN_ADDRESS)
      ).json() as TPostCollateralReleaseResponse;
      expect((await release(appUuid, OTHER_BTC_RETURN_ADDRESS)).statusCode).toBe(409);
      await ctx.database.db
        .update(collateralReleaseRequests)
        .set({ result: 'WITHDRAWAL_FAILED' })
        .where(eq(collateralReleaseRequests.id, first.collateralReleaseRequest.requestId));
      const second = await release(appUuid, OTHER_BTC_RETURN_ADDRESS);
      expect(second.statusCode).toBe(200);
      const secondBody = second.json() as TPostCollateralReleaseResponse;
      expect(secondBody.collateralReleaseRequest.requestId).not.toBe(
        first.collateralReleaseRequest.requestId,
      );
      expect(secondBody.collateralReleaseRequest.address).toBe(OTHER_BTC_RETURN_ADDRESS);
      await expectInvariants(appUuid);
    });

    it('schedules the release at the end of the hold after a wire payoff, the same date everywhere', async () => {
      const { appUuid, paidOffAt } = await paidOffLoan({ method: 'WIRE' });
      const heldUntil = new Date(
        paidOffAt.getTime() + CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS * MS_PER_DAY,
      ).toISOString();
      const answer = (
        await release(appUuid, BTC_RETURN_ADDRESS)
      ).json() as TPostCollateralReleaseResponse;
      expect(answer.collateralReleaseRequest.scheduledFor).toBe(heldUntil);
      const info = (
        await collateralCall(ctx.app, borrower.token, appUuid)
      ).json() as TCollateralInfo;
      expect(info.payoff?.heldUntil).toBe(heldUntil);
      expect(info.collateralReleaseRequest?.scheduledFor).toBe(heldUntil);
      await expectInvariants(appUuid);
    });
  });

  describe('rails follow residence', () => {
    it('refuses a US bank account for an international loan and a USDC wallet for a US one', async () => {
      const international = await waitingApplication(ctx, borrower.token, {
        offer: GERMANY_OFFER,
      });
      const bank = await saveManualBank(ctx.app, borrower.token, international.appUuid);
      expect(bank.statusCode).toBe(409);
      expect(bank.json()).toMatchObject({
        code: 'DISBURSEMENT_METHOD_NOT_AVAILABLE',
        message: expect.stringContaining('USDC') as unknown,
      });
      const domestic = await waitingApplication(ctx, borrower.token, { withBank: false });
      const wallet = await ctx.app.inject({
        method: 'POST',
        url: appPath(domestic.appUuid, '/disbursement/wallet-address'),
        headers: bearer(borrower.token),
        payload: { address: EVM_ADDRESS },
      });
      expect(wallet.statusCode).toBe(409);
      expect(wallet.json()).toMatchObject({ code: 'DISBURSEMENT_METHOD_NOT_AVAILABLE' });
      await expectInvariants(international.appUuid);
      await expectInvariants(domestic.appUuid);
    });
  });
});
