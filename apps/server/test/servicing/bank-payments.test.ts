/**
 * ACH payments through the configured provider: the sandbox bank in the sandbox, Plaid Transfer when
 * its account is configured (here a stand-in HTTP server answering Plaid's transfer endpoints), none
 * otherwise; the jobs build the same port as the routes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConfiguredBankPayments } from '../../src/adapters/bank-payments/index.js';
import { BankPaymentsUnavailableError } from '../../src/adapters/bank-payments/port.js';
import { createRealBankPayments } from '../../src/adapters/bank-payments/real.js';
import { bankPaymentsOfJobs } from '../../src/jobs/registry.js';

interface TRecorded {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

const PLAID = { clientId: 'client-1', secret: 'secret-1', environment: 'sandbox' as const };
const LINKED = { kind: 'LINKED' as const, accessToken: 'access-sandbox-1', accountId: 'acc-1' };
const clock = () => new Date('2026-03-01T12:00:00Z');

/** Plaid's transfer endpoints as a stand-in: answers from `answer`, every request recorded. */
function standInPlaid(answer: (path: string, body: Record<string, unknown>) => [number, unknown]) {
  const requests: TRecorded[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      const path = request.url ?? '';
      requests.push({ path, headers: request.headers, body });
      const [status, payload] = answer(path, body);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    });
  });
  return {
    requests,
    server,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const transfers: Record<string, { status: string; failure_reason?: unknown }> = {
  'tr-settled': { status: 'settled' },
  'tr-pending': { status: 'pending' },
  'tr-posted': { status: 'posted' },
  'tr-returned': {
    status: 'returned',
    failure_reason: { ach_return_code: 'R01', description: 'Insufficient funds' },
  },
};

const plaid = standInPlaid((path, body) => {
  if (path === '/transfer/authorization/create') {
    const declined = body.amount === '13.13';
    return [
      200,
      {
        authorization: {
          id: `auth-${String(body.idempotency_key)}`,
          decision: declined ? 'declined' : 'approved',
          decision_rationale: declined
            ? { code: 'NSF', description: 'Transaction would result in negative balance' }
            : null,
        },
        request_id: 'req-1',
      },
    ];
  }
  if (path === '/transfer/create') {
    return [200, { transfer: { id: `tr-${String(body.idempotency_key)}` }, request_id: 'req-2' }];
  }
  if (path === '/transfer/get') {
    const transfer = transfers[String(body.transfer_id)];
    if (transfer === undefined) return [500, { error_type: 'API_ERROR' }];
    return [200, { transfer: { id: body.transfer_id, ...transfer }, request_id: 'req-3' }];
  }
  return [404, { error_type: 'INVALID_REQUEST' }];
});
let basePath: string;

beforeAll(async () => {
  basePath = await plaid.start();
});
afterAll(async () => {
  await plaid.close();
});

describe('Plaid Transfer adapter against a stand-in server', () => {
  it('authorizes then creates the debit, keyed by the payment, with the account credentials', async () => {
    const port = createRealBankPayments({ ...PLAID, basePath });
    const result = await port.initiateDebit({
      paymentUuid: 'pay-1',
      amountCents: 12_345,
      account: LINKED,
      description: 'Loan payment for March',
    });
    expect(result).toEqual({ status: 'PENDING', transferId: 'tr-pay-1' });
    const [authorization, created] = plaid.requests.slice(-2);
    expect(authorization?.path).toBe('/transfer/authorization/create');
    expect(authorization?.body).toMatchObject({
      access_token: 'access-sandbox-1',
      account_id: 'acc-1',
      type: 'debit',
      network: 'ach',
      amount: '123.45',
      idempotency_key: 'pay-1',
    });
    expect(authorization?.headers['plaid-client-id']).toBe('client-1');
    expect(authorization?.headers['plaid-secret']).toBe('secret-1');
    expect(created?.path).toBe('/transfer/create');
    expect(created?.body).toMatchObject({
      idempotency_key: 'pay-1',
      authorization_id: 'auth-pay-1',
      description: 'Loan payment fo',
    });
    expect(String(created?.body.description).length).toBeLessThanOrEqual(15);
  });

  it("refuses the debit Plaid's risk check declines, with its reason, and creates no transfer", async () => {
    const port = createRealBankPayments({ ...PLAID, basePath });
    const before = plaid.requests.length;
    const result = await port.initiateDebit({
      paymentUuid: 'pay-2',
      amountCents: 1_313,
      account: LINKED,
      description: 'Payment',
    });
    expect(result).toEqual({
      status: 'FAILED',
      reason: 'Transaction would result in negative balance',
    });
    expect(plaid.requests.slice(before).map((request) => request.path)).toEqual([
      '/transfer/authorization/create',
    ]);
  });

  it('refuses an account typed in by number without calling Plaid', async () => {
    const port = createRealBankPayments({ ...PLAID, basePath });
    const before = plaid.requests.length;
    const result = await port.initiateDebit({
      paymentUuid: 'pay-3',
      amountCents: 100,
      account: {
        kind: 'MANUAL',
        routingNumber: '011000015',
        accountNumber: '1234',
        holderName: 'A',
      },
      description: 'Payment',
    });
    expect(result.status).toBe('FAILED');
    expect(plaid.requests.length).toBe(before);
  });

  it('reads settled, pending and returned transfers; an error is "unavailable", not an outcome', async () => {
    const port = createRealBankPayments({ ...PLAID, basePath });
    expect((await port.getTransfer('tr-settled')).status).toBe('SETTLED');
    expect(await port.getTransfer('tr-pending')).toEqual({ status: 'PENDING' });
    expect(await port.getTransfer('tr-posted')).toEqual({ status: 'PENDING' });
    expect(await port.getTransfer('tr-returned')).toEqual({
      status: 'RETURNED',
      reason: 'Insufficient funds',
    });
    await expect(port.getTransfer('tr-unknown')).rejects.toBeInstanceOf(
      BankPaymentsUnavailableError,
    );
  });
});

describe('the configured bank-payments port', () => {
  it('is the sandbox bank in the sandbox, Plaid with its account, none (with a warning) without', async () => {
    expect(createConfiguredBankPayments({ sandbox: true, plaid: PLAID }, clock).name).toBe(
      'sandbox',
    );
    expect(createConfiguredBankPayments({ sandbox: false, plaid: PLAID }, clock).name).toBe(
      'plaid',
    );
    const warn = vi.fn();
    const none = createConfiguredBankPayments({ sandbox: false }, clock, { warn });
    expect(none.name).toBe('none');
    expect(warn).toHaveBeenCalledWith(
      { port: 'bank-payments' },
      expect.stringContaining('ACH payments are off'),
    );
    await expect(
      none.initiateDebit({ paymentUuid: 'p', amountCents: 1, account: LINKED, description: 'x' }),
    ).rejects.toBeInstanceOf(BankPaymentsUnavailableError);
  });

  it("is what the jobs debit and settle through: Plaid when the server's configuration has it", () => {
    const base = { db: undefined as never, cipher: undefined as never, adapters: {} as never };
    expect(bankPaymentsOfJobs({ ...base, sandbox: false, plaid: PLAID }, clock).name).toBe('plaid');
    expect(bankPaymentsOfJobs({ ...base, sandbox: true, plaid: PLAID }, clock).name).toBe(
      'sandbox',
    );
    expect(bankPaymentsOfJobs({ ...base, sandbox: false }, clock).name).toBe('none');
  });
});
