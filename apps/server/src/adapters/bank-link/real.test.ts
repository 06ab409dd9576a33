import { describe, expect, it } from 'vitest';
import { BankLinkRequestError, BankLinkUnavailableError } from './port.js';
import { createRealBankLink } from './real.js';

interface TRecordedCall {
  url: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

type TAnswer = { status: number; body: unknown };

/** An axios adapter answering Plaid's endpoints from a table, recording every request. */
function plaidHttp(
  answers: Record<string, TAnswer | ((body: Record<string, unknown>) => TAnswer)>,
) {
  const calls: TRecordedCall[] = [];
  const adapter = async (config: unknown) => {
    const request = config as { url: string; data: string; headers: Record<string, string> };
    const path = new URL(request.url).pathname;
    const body = JSON.parse(request.data) as Record<string, unknown>;
    calls.push({ url: request.url, body, headers: { ...request.headers } });
    const entry = answers[path];
    const answer = typeof entry === 'function' ? entry(body) : entry;
    if (answer === undefined) throw new Error(`unexpected call to ${path}`);
    const response = {
      data: JSON.stringify(answer.body),
      status: answer.status,
      statusText: String(answer.status),
      headers: { 'content-type': 'application/json' },
      config,
      request: {},
    };
    if (answer.status >= 400) {
      throw Object.assign(new Error(`Request failed with status code ${answer.status}`), {
        response: { ...response, data: answer.body },
      });
    }
    return response;
  };
  return { adapter, calls };
}

const OPTIONS = {
  clientId: 'client-id-1',
  secret: 'secret-1',
  environment: 'sandbox' as const,
  clientName: 'Pledge Lending',
};

const account = (overrides: Record<string, unknown>) => ({
  account_id: 'acc-1',
  balances: { available: 100, current: 110, iso_currency_code: 'USD', limit: null },
  mask: '0000',
  name: 'Plaid Checking',
  official_name: 'Plaid Gold Standard 0% Interest Checking',
  type: 'depository',
  subtype: 'checking',
  holder_category: 'personal',
  ...overrides,
});

const INSTITUTION = {
  status: 200,
  body: { institution: { institution_id: 'ins_109508', name: 'First Platypus Bank' } },
};

describe('real bank link (Plaid)', () => {
  it('creates a link token for the auth product with the client credentials', async () => {
    const http = plaidHttp({
      '/link/token/create': {
        status: 200,
        body: {
          link_token: 'link-sandbox-abc',
          expiration: '2026-01-01T04:00:00Z',
          request_id: 'r',
        },
      },
    });
    const plaid = createRealBankLink({ ...OPTIONS, httpAdapter: http.adapter });
    const token = await plaid.createLinkToken({ clientUserId: 'identity-1' });
    expect(token).toEqual({
      linkToken: 'link-sandbox-abc',
      expiration: new Date('2026-01-01T04:00:00Z'),
    });
    const [call] = http.calls;
    expect(call?.url).toBe('https://sandbox.plaid.com/link/token/create');
    expect(call?.body).toMatchObject({
      user: { client_user_id: 'identity-1' },
      products: ['auth'],
      country_codes: ['US'],
    });
    expect(call?.headers['PLAID-CLIENT-ID']).toBe('client-id-1');
    expect(call?.headers['PLAID-SECRET']).toBe('secret-1');
  });

  it('exchanges a public token, and reports a refused one as a request error', async () => {
    const http = plaidHttp({
      '/item/public_token/exchange': (body) =>
        body.public_token === 'public-good'
          ? { status: 200, body: { access_token: 'access-1', item_id: 'item-1', request_id: 'r' } }
          : {
              status: 400,
              body: { error_type: 'INVALID_INPUT', error_code: 'INVALID_PUBLIC_TOKEN' },
            },
    });
    const plaid = createRealBankLink({ ...OPTIONS, httpAdapter: http.adapter });
    expect(await plaid.exchangePublicToken('public-good')).toEqual({
      accessToken: 'access-1',
      itemId: 'item-1',
    });
    const error = await plaid.exchangePublicToken('public-bad').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankLinkRequestError);
    expect((error as BankLinkRequestError).code).toBe('INVALID_PUBLIC_TOKEN');
    expect(String(error)).not.toContain('public-bad');
  });

  it('reads an item: payable personal and business accounts with masks, institution by name', async () => {
    const http = plaidHttp({
      '/accounts/get': {
        status: 200,
        body: {
          item: { item_id: 'item-1', institution_id: 'ins_109508', error: null },
          accounts: [
            account({}),
            account({
              account_id: 'acc-2',
              subtype: 'savings',
              mask: '1111',
              name: 'Plaid Saving',
            }),
            account({ account_id: 'acc-3', holder_category: 'business', mask: '2222' }),
            account({ account_id: 'acc-4', type: 'credit', subtype: 'credit card', mask: '3333' }),
          ],
          request_id: 'r',
        },
      },
      '/institutions/get_by_id': INSTITUTION,
    });
    const plaid = createRealBankLink({ ...OPTIONS, httpAdapter: http.adapter });
    const item = await plaid.getItem('access-1');
    expect(item).toMatchObject({
      itemId: 'item-1',
      institution: { institutionId: 'ins_109508', name: 'First Platypus Bank' },
      status: 'COMPLETE',
    });
    expect(
      item.accounts.map((entry) => [entry.id, entry.accountType, entry.holderCategory]),
    ).toEqual([
      ['acc-1', 'checking', 'PERSONAL'],
      ['acc-2', 'savings', 'PERSONAL'],
      ['acc-3', 'checking', 'BUSINESS'],
    ]);
  });

  it('maps a login-required item to NEEDS_LOGIN and an outage to unavailable', async () => {
    const http = plaidHttp({
      '/accounts/get': {
        status: 400,
        body: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' },
      },
      '/item/get': {
        status: 200,
        body: { item: { item_id: 'item-1', institution_id: 'ins_109508' }, request_id: 'r' },
      },
      '/institutions/get_by_id': INSTITUTION,
    });
    const plaid = createRealBankLink({ ...OPTIONS, httpAdapter: http.adapter });
    expect(await plaid.getItem('access-1')).toMatchObject({ status: 'NEEDS_LOGIN', accounts: [] });

    const down = plaidHttp({
      '/link/token/create': {
        status: 500,
        body: { error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR' },
      },
    });
    const failing = createRealBankLink({ ...OPTIONS, httpAdapter: down.adapter });
    await expect(failing.createLinkToken({ clientUserId: 'x' })).rejects.toBeInstanceOf(
      BankLinkUnavailableError,
    );
  });
});
