import { describe, expect, it } from 'vitest';
import type { TApplication } from '@pledge/contract';
import { isDomainError } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { applications, usdcTestTransfers } from '../../src/db/schema/index.js';
import {
  USDC_TEST_TRANSFER_AMOUNT,
  verifyFunding,
} from '../../src/services/disbursement/verify-funding.js';
import { recordFundingFacts } from '../applications/funding-facts.js';
import {
  appPath,
  applicationIn,
  EVM_ADDRESS,
  post,
  useDisbursementWorld,
  saveManualBank,
} from './helpers.js';
import { applicationStateOf } from '../helpers/application-state.js';

describe('funding verification and the USDC test transfer', () => {
  const { ctx, borrower, other } = useDisbursementWorld();

  const stateOf = (appUuid: string) => applicationStateOf(ctx.database.db, appUuid);

  const confirm = (appUuid: string, token: string, confirmed: unknown = true) =>
    post(ctx.app, appPath(appUuid, '/disbursement/micro-transfer-confirmation'), token, {
      confirmed,
    });

  it('sends a domestic loan to MANUAL_FUNDING_RELEASE once its bank account is there, once', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'CRYPTO_FUNDING_VERIFY');
    await recordFundingFacts(ctx.database.db, appUuid, { destination: 'NONE' });
    expect(await verifyFunding(ctx.database.db, appUuid)).toBe('WAITING_FOR_DISBURSEMENT');
    expect(await stateOf(appUuid)).toBe('CRYPTO_FUNDING_VERIFY');
    const saved = await saveManualBank(ctx.app, borrower.token, appUuid);
    expect(saved.statusCode).toBe(200);
    expect(await stateOf(appUuid)).toBe('MANUAL_FUNDING_RELEASE');
    expect(await verifyFunding(ctx.database.db, appUuid)).toBe('ALREADY_VERIFIED');
  });

  it('refuses to verify funding before the collateral arrived', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'WAITING_FOR_COLLATERAL');
    const error = await verifyFunding(ctx.database.db, appUuid).catch((caught: unknown) => caught);
    expect(isDomainError(error)).toBe(true);
    expect(await stateOf(appUuid)).toBe('WAITING_FOR_COLLATERAL');
  });

  it('sends the test transfer to the wallet, then the borrower confirms it', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'WAITING_FOR_COLLATERAL', {
      international: true,
    });
    const saved = await post(
      ctx.app,
      appPath(appUuid, '/disbursement/wallet-address'),
      borrower.token,
      {
        address: EVM_ADDRESS,
        chain: 'Ethereum',
      },
    );
    expect(saved.statusCode).toBe(200);
    await recordFundingFacts(ctx.database.db, appUuid, { destination: 'NONE' });
    await ctx.database.db
      .update(applications)
      .set({ state: 'CRYPTO_FUNDING_VERIFY', stage: 'ORIGINATING' })
      .where(eq(applications.uuid, appUuid));

    const [first, second] = await Promise.all([
      verifyFunding(ctx.database.db, appUuid),
      verifyFunding(ctx.database.db, appUuid),
    ]);
    expect([first, second].sort()).toEqual(['ALREADY_VERIFIED', 'BORROWER_MICRO_DEPOSIT_CONFIRM']);
    expect(await stateOf(appUuid)).toBe('BORROWER_MICRO_DEPOSIT_CONFIRM');
    const transfers = await ctx.database.db
      .select()
      .from(usdcTestTransfers)
      .where(eq(usdcTestTransfers.applicationUuid, appUuid));
    expect(transfers).toMatchObject([
      { walletAddress: EVM_ADDRESS, chain: 'Ethereum', amountUsdc: USDC_TEST_TRANSFER_AMOUNT },
    ]);

    // Once the transfer went out, the wallet cannot change.
    const changed = await post(
      ctx.app,
      appPath(appUuid, '/disbursement/wallet-address'),
      borrower.token,
      {
        address: '0x0000000000000000000000000000000000000001',
      },
    );
    expect(changed.statusCode).toBe(409);

    const unticked = await confirm(appUuid, borrower.token, false);
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json()).toMatchObject({ fieldErrors: { confirmed: ['Required'] } });
    expect((await confirm(appUuid, other.token)).statusCode).toBe(404);

    const answers = await Promise.all([
      confirm(appUuid, borrower.token),
      confirm(appUuid, borrower.token),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((answers[0]?.json() as TApplication).state).toBe('MANUAL_FUNDING_RELEASE');
    expect((answers[1]?.json() as TApplication).state).toBe('MANUAL_FUNDING_RELEASE');
    expect(await stateOf(appUuid)).toBe('MANUAL_FUNDING_RELEASE');
  });

  it('waits for the wallet when the collateral is verified first', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'CRYPTO_FUNDING_VERIFY', {
      international: true,
    });
    expect(await verifyFunding(ctx.database.db, appUuid)).toBe('WAITING_FOR_WALLET');
    expect(await stateOf(appUuid)).toBe('CRYPTO_FUNDING_VERIFY');
    const early = await confirm(appUuid, borrower.token);
    expect(early.statusCode).toBe(409);

    const saved = await post(
      ctx.app,
      appPath(appUuid, '/disbursement/wallet-address'),
      borrower.token,
      {
        address: EVM_ADDRESS,
      },
    );
    expect(saved.statusCode).toBe(200);
    expect(await stateOf(appUuid)).toBe('BORROWER_MICRO_DEPOSIT_CONFIRM');
  });

  it('answers 401 without a token', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS', { international: true });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: appPath(appUuid, '/disbursement/micro-transfer-confirmation'),
      payload: { confirmed: true },
    });
    expect(answer.statusCode).toBe(401);
  });
});
