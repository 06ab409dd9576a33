import { describe, expect, it } from 'vitest';
import type {
  TDisbursement,
  TGetBankLinkAuthResponse,
  TPostBankLinkExchangeResponse,
  TPostBankLinkTokenResponse,
} from '@pledge/contract';
import { BANK_LINK_POLL_MS } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { SANDBOX_ITEM_READY_MS } from '../../src/adapters/bank-link/sandbox.js';
import { bankLinkErrors, bankLinkItems } from '../../src/db/schema/index.js';
import { LINKED_ACCOUNT_MESSAGES } from '../../src/services/disbursement/choose-linked-account.js';
import {
  appPath,
  applicationIn,
  BANK_LINK,
  bearer,
  LEAP,
  post,
  useDisbursementWorld,
} from './helpers.js';

const TARTAN = { institutionId: 'ins_109511', name: 'Tartan Bank' };

describe('bank linking in the sandbox', () => {
  const { ctx, borrower, other } = useDisbursementWorld();

  async function linkToken(token: string, appUuid: string) {
    const answer = await post(ctx.app, `${BANK_LINK}/link-token`, token, { appUuid });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as TPostBankLinkTokenResponse).linkToken;
  }

  async function publicToken(linkTokenValue: string, credentials = ['user_good', 'pass_good']) {
    return ctx.app.inject({
      method: 'POST',
      url: '/sandbox/bank-link/public-token',
      payload: {
        linkToken: linkTokenValue,
        institutionId: TARTAN.institutionId,
        username: credentials[0],
        password: credentials[1],
      },
    });
  }

  function exchange(token: string, appUuid: string, publicTokenValue: string) {
    return post(ctx.app, `${BANK_LINK}/exchange`, token, {
      appUuid,
      publicToken: publicTokenValue,
      metadata: { institution: TARTAN, accounts: [], linkSessionId: 'session-1' },
    });
  }

  /** The borrower picks a linked account (by its id) as the checking account to be paid into. */
  const chooseChecking = (appUuid: string, achAccountId: string | undefined) =>
    post(ctx.app, appPath(appUuid, '/disbursement/account'), borrower.token, {
      accountType: 'CHECKING',
      achAccountId,
    });

  async function auth(token: string, appUuid: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `${BANK_LINK}/auth?appUuid=${appUuid}`,
      headers: bearer(token),
    });
  }

  async function linkedApplication() {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const issued = await publicToken(await linkToken(borrower.token, appUuid));
    expect(issued.statusCode).toBe(200);
    const exchanged = await exchange(
      borrower.token,
      appUuid,
      (issued.json() as { publicToken: string }).publicToken,
    );
    expect(exchanged.statusCode).toBe(200);
    return { appUuid, exchanged: exchanged.json() as TPostBankLinkExchangeResponse };
  }

  it('links a bank: token, sign-in, exchange, PENDING then COMPLETE, choose a personal account', async () => {
    const { appUuid, exchanged } = await linkedApplication();
    expect(exchanged.item).toMatchObject({ status: 'PENDING', institution: TARTAN, accounts: [] });

    const pending = await auth(borrower.token, appUuid);
    expect(pending.statusCode).toBe(200);
    expect((pending.json() as TGetBankLinkAuthResponse).items[0]?.status).toBe('PENDING');

    // The web polls every BANK_LINK_POLL_MS; the item is ready within two polls.
    expect(SANDBOX_ITEM_READY_MS).toBeGreaterThan(BANK_LINK_POLL_MS);
    ctx.advanceBankTime(SANDBOX_ITEM_READY_MS);
    const complete = (await auth(borrower.token, appUuid)).json() as TGetBankLinkAuthResponse;
    const [item] = complete.items;
    expect(item?.status).toBe('COMPLETE');
    expect(item?.accounts.map((account) => account.holderCategory)).toEqual([
      'PERSONAL',
      'PERSONAL',
      'BUSINESS',
    ]);
    for (const account of item?.accounts ?? [])
      expect(account.accountNumberMask).toMatch(/^\d{4}$/);

    const checking = item?.accounts.find((account) => account.accountType === 'checking');
    const chosen = await chooseChecking(appUuid, checking?.id);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      method: 'LINKED_ACCOUNT',
      accountType: 'CHECKING',
      accountNumberMask: checking?.accountNumberMask,
    } satisfies Partial<TDisbursement>);

    const [stored] = await ctx.database.db
      .select()
      .from(bankLinkItems)
      .where(eq(bankLinkItems.applicationUuid, appUuid));
    expect(stored?.accessTokenSealed).toMatch(/^v2\.[0-9a-f]{16}\./);
    expect(stored?.accessTokenSealed).not.toContain('access-sandbox');
  });

  it('refuses a business account and one not among the linked accounts', async () => {
    const { appUuid } = await linkedApplication();
    ctx.advanceBankTime(SANDBOX_ITEM_READY_MS);
    const [item] = ((await auth(borrower.token, appUuid)).json() as TGetBankLinkAuthResponse).items;
    const business = item?.accounts.find((account) => account.holderCategory === 'BUSINESS');
    const refused = await chooseChecking(appUuid, business?.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'BUSINESS_ACCOUNT',
      message: LINKED_ACCOUNT_MESSAGES.business,
    });

    const unknown = await chooseChecking(appUuid, 'someone-elses-account');
    expect(unknown.statusCode).toBe(400);
    const empty = await chooseChecking(appUuid, '');
    expect(empty.json()).toMatchObject({
      fieldErrors: { achAccountId: ['Please select an account.'] },
    });
  });

  it('answers INVALID_CREDENTIALS for wrong bank credentials and refuses forged tokens', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const wrong = await publicToken(await linkToken(borrower.token, appUuid), [
      'user_good',
      'nope',
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const forgedLink = await publicToken('link-sandbox-forged.signature');
    expect(forgedLink.statusCode).toBe(400);
    const forgedPublic = await exchange(borrower.token, appUuid, 'public-sandbox-forged.x');
    expect(forgedPublic.statusCode).toBe(400);
    expect(forgedPublic.json()).toMatchObject({ code: 'INVALID_PUBLIC_TOKEN' });
  });

  it('links one item when the same public token is exchanged twice', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const issued = await publicToken(await linkToken(borrower.token, appUuid));
    const token = (issued.json() as { publicToken: string }).publicToken;
    const [first, second] = await Promise.all([
      exchange(borrower.token, appUuid, token),
      exchange(borrower.token, appUuid, token),
    ]);
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    expect((first?.json() as TPostBankLinkExchangeResponse).item.itemId).toBe(
      (second?.json() as TPostBankLinkExchangeResponse).item.itemId,
    );
    const items = ((await auth(borrower.token, appUuid)).json() as TGetBankLinkAuthResponse).items;
    expect(items).toHaveLength(1);
  });

  it('stores the widget exit for support', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const stored = await post(ctx.app, `${LEAP}/secure/api/v1/storeLinkError`, borrower.token, {
      appUuid,
      linkError: {
        errorType: 'ITEM_ERROR',
        errorCode: 'INVALID_CREDENTIALS',
        errorMessage: 'the provided credentials were not correct',
        displayMessage: null,
      },
      linkErrorMetadata: {
        institution: TARTAN,
        status: 'requires_credentials',
        linkSessionId: 'session-2',
        requestId: 'request-2',
      },
    });
    expect(stored.statusCode).toBe(204);
    const rows = await ctx.database.db
      .select()
      .from(bankLinkErrors)
      .where(eq(bankLinkErrors.applicationUuid, appUuid));
    expect(rows).toMatchObject([
      { errorCode: 'INVALID_CREDENTIALS', institutionName: 'Tartan Bank' },
    ]);
  });

  it('links no bank for an international loan, which is paid in USDC', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS', { international: true });
    const token = await post(ctx.app, `${BANK_LINK}/link-token`, borrower.token, { appUuid });
    expect(token.statusCode).toBe(409);
    expect(token.json()).toMatchObject({ code: 'DISBURSEMENT_METHOD_NOT_AVAILABLE' });
    const domesticAppUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const issued = await publicToken(await linkToken(borrower.token, domesticAppUuid));
    const exchanged = await exchange(
      borrower.token,
      appUuid,
      (issued.json() as { publicToken: string }).publicToken,
    );
    expect(exchanged.statusCode).toBe(409);
    const items = await ctx.database.db
      .select()
      .from(bankLinkItems)
      .where(eq(bankLinkItems.applicationUuid, appUuid));
    expect(items).toEqual([]);
  });

  it('keeps each borrower to their own applications and items (401, 404)', async () => {
    const { appUuid } = await linkedApplication();
    expect((await post(ctx.app, `${BANK_LINK}/link-token`, null, { appUuid })).statusCode).toBe(
      401,
    );
    expect((await auth(other.token, appUuid)).statusCode).toBe(404);
    const foreignToken = await post(ctx.app, `${BANK_LINK}/link-token`, other.token, { appUuid });
    expect(foreignToken.statusCode).toBe(404);
    const foreignLink = await post(ctx.app, `${LEAP}/secure/api/v1/storeLinkError`, other.token, {
      appUuid,
      linkError: null,
      linkErrorMetadata: { institution: null, status: null, linkSessionId: null, requestId: null },
    });
    expect(foreignLink.statusCode).toBe(404);
    const badQuery = await ctx.app.inject({
      method: 'GET',
      url: `${BANK_LINK}/auth?appUuid=nope`,
      headers: bearer(borrower.token),
    });
    expect(badQuery.statusCode).toBe(400);
  });
});
