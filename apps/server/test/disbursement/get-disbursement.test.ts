import { describe, expect, it } from 'vitest';
import type { TGetDisbursementResponse } from '@pledge/contract';
import {
  appPath,
  applicationIn,
  bearer,
  EVM_ADDRESS,
  MANUAL_BANK,
  post,
  useDisbursementWorld,
  saveManualBank,
} from './helpers.js';

const disbursementPath = (appUuid: string) => appPath(appUuid, '/disbursement');

describe('GET .../applications/{uuid}/disbursement: the saved payout destination', () => {
  const { ctx, borrower, other } = useDisbursementWorld();

  function read(appUuid: string, token: string | null) {
    return ctx.app.inject({
      method: 'GET',
      url: disbursementPath(appUuid),
      headers: token === null ? {} : bearer(token),
    });
  }

  it('answers null before a destination is given, then the saved USDC wallet', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS', { international: true });
    const before = await read(appUuid, borrower.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ disbursement: null } satisfies TGetDisbursementResponse);

    const saved = await post(
      ctx.app,
      appPath(appUuid, '/disbursement/wallet-address'),
      borrower.token,
      {
        address: EVM_ADDRESS,
        chain: 'Base',
      },
    );
    expect(saved.statusCode).toBe(200);
    const after = await read(appUuid, borrower.token);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ disbursement: saved.json() });
    expect(after.json()).toMatchObject({
      disbursement: { method: 'USDC_WALLET', walletAddress: EVM_ADDRESS, chain: 'Base' },
    });
  });

  it('shows a bank account only by its mask', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    await saveManualBank(ctx.app, borrower.token, appUuid);
    const answer = await read(appUuid, borrower.token);
    expect(answer.json()).toMatchObject({
      disbursement: { method: 'MANUAL_BANK', accountNumberMask: '6789' },
    });
    expect(answer.body).not.toContain(MANUAL_BANK.accountNumber);
  });

  it("answers 401 without a token and 404 for another borrower's application", async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS', { international: true });
    expect((await read(appUuid, null)).statusCode).toBe(401);
    const foreign = await read(appUuid, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(EVM_ADDRESS);
  });
});
