import { describe, expect, it } from 'vitest';
import { MANUAL_BANK_MESSAGES, USDC_WALLET_MESSAGES } from '@pledge/domain';
import type { TDisbursement } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { disbursementAccounts } from '../../src/db/schema/index.js';
import {
  appPath,
  applicationIn,
  bearer,
  EVM_ADDRESS,
  INVALID_ROUTING,
  MANUAL_BANK,
  post,
  useDisbursementWorld,
  saveManualBank,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';
import { expectUnknownAndMalformedIdsRefused, finalStepStatus } from '../applications/helpers.js';

const walletPath = (appUuid: string) => appPath(appUuid, '/disbursement/wallet-address');

describe('disbursement: manual bank and USDC wallet', () => {
  const { ctx, borrower, other } = useDisbursementWorld();

  async function disbursementAudits(appUuid: string) {
    const rows = await auditEventsOf(ctx.database.db, appUuid);
    return rows.filter((row) => row.entityType === 'disbursement');
  }

  it('saves a manual bank account, answers only its mask and completes the step', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const saved = await saveManualBank(ctx.app, borrower.token, appUuid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      method: 'MANUAL_BANK',
      accountNumberMask: '6789',
      routingNumber: MANUAL_BANK.routingNumber,
      accountHolderName: 'Ada Lovelace',
      walletAddress: null,
    } satisfies Partial<TDisbursement>);
    expect(saved.body).not.toContain(MANUAL_BANK.accountNumber);

    const [row] = await ctx.database.db
      .select()
      .from(disbursementAccounts)
      .where(eq(disbursementAccounts.applicationUuid, appUuid));
    expect(row?.accountNumberSealed).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(MANUAL_BANK.accountNumber);
    expect(JSON.stringify(row)).not.toContain('Lovelace');

    expect(await finalStepStatus(ctx.app, borrower.token, appUuid, 'Disbursement Account')).toBe(
      'COMPLETED',
    );
    expect(await disbursementAudits(appUuid)).toHaveLength(1);
  });

  it.each([
    [{ ...MANUAL_BANK, routingNumber: '' }, 'routingNumber', MANUAL_BANK_MESSAGES.routingRequired],
    [
      { ...MANUAL_BANK, routingNumber: INVALID_ROUTING },
      'routingNumber',
      MANUAL_BANK_MESSAGES.routingInvalid,
    ],
    [{ ...MANUAL_BANK, accountNumber: '' }, 'accountNumber', MANUAL_BANK_MESSAGES.accountRequired],
    [{ ...MANUAL_BANK, accountNumber: '123' }, 'accountNumber', 'At least 4 digits'],
    [{ ...MANUAL_BANK, accountNumber: '1'.repeat(18) }, 'accountNumber', 'Up to 17 digits'],
    [{ ...MANUAL_BANK, accountNumber: '12ab34' }, 'accountNumber', 'Invalid'],
    [{ ...MANUAL_BANK, firstName: ' ' }, 'firstName', 'Please enter the first name.'],
    [{ ...MANUAL_BANK, lastName: '' }, 'lastName', 'Please enter the last name.'],
  ])('refuses bad manual bank input with the exact message (%#)', async (body, field, message) => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const refused = await saveManualBank(ctx.app, borrower.token, appUuid, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fieldErrors: { [field]: [message] } });
    expect(refused.body).not.toContain('000123456789');
  });

  it('is idempotent: the same input again and concurrent doubles make one record', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        saveManualBank(ctx.app, borrower.token, appUuid, MANUAL_BANK),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const again = await saveManualBank(ctx.app, borrower.token, appUuid);
    expect(again.json()).toEqual(answers[0]?.json());
    expect(await disbursementAudits(appUuid)).toHaveLength(1);

    const changed = await saveManualBank(ctx.app, borrower.token, appUuid, {
      ...MANUAL_BANK,
      accountNumber: '99887766',
    });
    expect(changed.json()).toMatchObject({ accountNumberMask: '7766' });
    expect(await disbursementAudits(appUuid)).toHaveLength(2);
  });

  it('answers 401 without a token and 404 for another borrower or an unknown id', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    expect((await saveManualBank(ctx.app, null, appUuid)).statusCode).toBe(401);
    const foreign = await saveManualBank(ctx.app, other.token, appUuid);
    expect(foreign.statusCode).toBe(404);
    const wallet = await post(ctx.app, walletPath(appUuid), other.token, { address: EVM_ADDRESS });
    expect(wallet.statusCode).toBe(404);
    await expectUnknownAndMalformedIdsRefused((id) => saveManualBank(ctx.app, borrower.token, id));
  });

  it('refuses a payout account before signing and for the other residency', async () => {
    const early = await applicationIn(ctx, borrower.token, 'OFFER_ACCEPTED');
    const tooEarly = await saveManualBank(ctx.app, borrower.token, early);
    expect(tooEarly.statusCode).toBe(409);
    const international = await applicationIn(ctx, borrower.token, 'SIGN_DOCS', {
      international: true,
    });
    const bank = await saveManualBank(ctx.app, borrower.token, international);
    expect(bank.statusCode).toBe(409);
    const domestic = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const wallet = await post(ctx.app, walletPath(domestic), borrower.token, {
      address: EVM_ADDRESS,
    });
    expect(wallet.statusCode).toBe(409);
  });

  it('saves a USDC wallet of an international application, idempotently', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'WAITING_FOR_COLLATERAL', {
      international: true,
    });
    const [first, second] = await Promise.all([
      post(ctx.app, walletPath(appUuid), borrower.token, { address: EVM_ADDRESS, chain: 'Base' }),
      post(ctx.app, walletPath(appUuid), borrower.token, { address: EVM_ADDRESS, chain: 'Base' }),
    ]);
    expect(first?.statusCode).toBe(200);
    expect(first?.json()).toMatchObject({
      method: 'USDC_WALLET',
      walletAddress: EVM_ADDRESS,
      chain: 'Base',
      accountNumberMask: null,
    });
    expect(second?.json()).toEqual(first?.json());
    expect(await disbursementAudits(appUuid)).toHaveLength(1);
  });

  it.each([
    [{ address: '' }, USDC_WALLET_MESSAGES.required],
    [{ address: 'x'.repeat(45) }, USDC_WALLET_MESSAGES.tooLong],
    [{ address: 'not-an-address' }, USDC_WALLET_MESSAGES.invalidForAnyChain],
    [{ address: EVM_ADDRESS, chain: 'Solana' }, USDC_WALLET_MESSAGES.invalidForChain('Solana')],
  ])('refuses a bad wallet address with the exact message (%#)', async (body, message) => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS', { international: true });
    const refused = await post(ctx.app, walletPath(appUuid), borrower.token, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fieldErrors: { address: [message] } });
  });

  it('never answers 500 to malformed bodies', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    for (const payload of [{}, { routingNumber: 1 }, [], { accountNumber: { $gt: '' } }]) {
      const answer = await saveManualBank(ctx.app, borrower.token, appUuid, payload);
      expect(answer.statusCode).toBe(400);
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: walletPath(appUuid),
      headers: { ...bearer(borrower.token), 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
