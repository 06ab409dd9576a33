import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildPath,
  getOpsLoan,
  getOpsLoans,
  getOpsReconciliation,
  postOpsReversePayment,
  postOpsWirePayment,
  type TGetOpsLoanResponse,
  type TServicingPayment,
} from '@pledge/contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { LOAN_UUID, servicingLoan } from '../../loan/loan-test-data.js';
import { figureInfoHandlers, storeTestSession } from '../../session/session-test-utils.js';
import { isReversible, wireErrors } from './ops-loan-detail.js';

const LOADED = { timeout: 15_000 };
const SLOW = { timeout: 60_000 };
const PAYMENT_UUID = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';

// jsdom has no showModal()/close(): these do what the browser does to the dialog.
beforeEach(() => {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
  storeTestSession('agent');
});
afterEach(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});

function wire(overrides: Partial<TServicingPayment> = {}): TServicingPayment {
  return {
    paymentUuid: PAYMENT_UUID,
    method: 'WIRE',
    purpose: 'PAYMENT',
    amountCents: 50_000,
    status: 'SETTLED',
    reference: 'FED-20250211-001',
    createdAt: '2025-02-11T10:00:00.000Z',
    settledAt: '2025-02-11T10:00:00.000Z',
    failureReason: null,
    ...overrides,
  };
}

function detail(payments: TServicingPayment[] = []): TGetOpsLoanResponse {
  return {
    borrowerEmail: 'ada@example.com',
    loan: servicingLoan({ payments }),
    ledger: [
      {
        entryId: '1',
        journalUuid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        kind: 'DRAW',
        account: 'PRINCIPAL',
        amountCents: 2_000_000,
        effectiveOn: '2025-01-10',
        createdAt: '2025-01-10T12:00:00.000Z',
        reversesJournalUuid: null,
        paymentUuid: null,
      },
      {
        entryId: '2',
        journalUuid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        kind: 'DRAW',
        account: 'DISBURSEMENT',
        amountCents: -2_000_000,
        effectiveOn: '2025-01-10',
        createdAt: '2025-01-10T12:00:00.000Z',
        reversesJournalUuid: null,
        paymentUuid: null,
      },
    ],
  };
}

describe('wireErrors and isReversible', () => {
  it('names each missing piece of a wire’s evidence in the contract’s words', () => {
    expect(wireErrors({ amount: '', reference: ' ', receivedOn: '' }, 100_000)).toEqual({
      amount: 'Enter an amount of at least $0.01',
      reference: 'Give the wire reference',
      receivedOn: 'Give the day the wire arrived',
    });
    expect(
      wireErrors({ amount: '500', reference: 'FED-1', receivedOn: '2025-02-11' }, 100_000),
    ).toEqual({});
    expect(
      wireErrors({ amount: '5000', reference: 'FED-1', receivedOn: '2025-02-11' }, 100_000),
    ).toEqual({ amount: 'Enter an amount no larger than the balance' });
  });

  it('reverses only money counted on the loan', () => {
    expect(isReversible({ status: 'SETTLED' })).toBe(true);
    expect(isReversible({ status: 'PENDING' })).toBe(true);
    expect(isReversible({ status: 'RETURNED' })).toBe(false);
    expect(isReversible({ status: 'REVERSED' })).toBe(false);
  });
});

describe('/ops/loans/{loanUuid}', SLOW, () => {
  it('records a wire once, with its evidence, after the agent confirms it', async () => {
    let payments: TServicingPayment[] = [];
    const sent: { key: string | null; body: unknown }[] = [];
    mockFetch({
      ...figureInfoHandlers(undefined, 'agent'),
      [`GET ${buildPath(getOpsLoan.path, { loanUuid: LOAN_UUID })}`]: () =>
        jsonResponse(detail(payments)),
      [`POST ${buildPath(postOpsWirePayment.path, { loanUuid: LOAN_UUID })}`]: (_url, init) => {
        sent.push({
          key: new Headers(init.headers).get('Idempotency-Key'),
          body: JSON.parse(String(init.body)),
        });
        payments = [wire()];
        return jsonResponse(wire(), 201);
      },
    });
    const { user } = renderApp(`/ops/loans/${LOAN_UUID}`);
    const ledger = await screen.findByRole('region', { name: 'Ledger' }, LOADED);
    expect(within(ledger).getByText('-$20,000.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record a wire' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a wire' });
    await user.click(within(dialog).getByRole('button', { name: 'Record wire' }));
    expect(within(dialog).getByText('Give the wire reference')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Amount received/ }), '500');
    await user.type(within(dialog).getByRole('textbox', { name: /Wire reference/ }), 'FED-1');
    await user.type(within(dialog).getByLabelText(/Received on/), '2025-02-11');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Record wire' }));

    const paymentsSection = screen.getByRole('region', { name: 'Payments' });
    expect(await within(paymentsSection).findByText('FED-20250211-001')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      amountCents: 50_000,
      reference: 'FED-1',
      receivedOn: '2025-02-11',
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reverses a payment only with a reason', async () => {
    let payments = [wire()];
    const reasons: unknown[] = [];
    mockFetch({
      ...figureInfoHandlers(undefined, 'agent'),
      [`GET ${buildPath(getOpsLoan.path, { loanUuid: LOAN_UUID })}`]: () =>
        jsonResponse(detail(payments)),
      [`POST ${buildPath(postOpsReversePayment.path, { paymentUuid: PAYMENT_UUID })}`]: (
        _url,
        init,
      ) => {
        reasons.push(JSON.parse(String(init.body)));
        payments = [wire({ status: 'REVERSED', failureReason: 'Recorded twice' })];
        return jsonResponse(payments[0]);
      },
    });
    const { user } = renderApp(`/ops/loans/${LOAN_UUID}`);
    await user.click(await screen.findByRole('button', { name: /^Reverse the payment/ }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Reverse the payment of $500.00?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));
    expect(reasons).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Recorded twice');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));
    expect(await screen.findByText('Reversed: Recorded twice')).toBeInTheDocument();
    expect(reasons).toEqual([{ reason: 'Recorded twice' }]);
    expect(screen.queryByRole('button', { name: /^Reverse the payment/ })).not.toBeInTheDocument();
  });
});

describe('/ops/loans and /ops/reconciliation', SLOW, () => {
  it('lists loans with links to each, and reports the reconciliation', async () => {
    mockFetch({
      ...figureInfoHandlers(undefined, 'agent'),
      [`GET ${getOpsLoans.path}`]: () =>
        jsonResponse({
          items: [
            {
              loanUuid: LOAN_UUID,
              borrowerEmail: 'ada@example.com',
              status: 'ACTIVE',
              fundedOn: '2025-01-10',
              maturityDate: '2026-01-10',
              totalBalanceCents: 2_035_036,
              accruedInterestCents: 15_036,
              autopayEnabled: true,
            },
          ],
          nextCursor: null,
        }),
      [`GET ${getOpsReconciliation.path}`]: () =>
        jsonResponse({
          checkedAt: '2025-02-11T10:00:00.000Z',
          loansChecked: 1,
          journalsChecked: 4,
          isBalanced: false,
          issues: [{ loanUuid: LOAN_UUID, problem: 'PRINCIPAL is -$1.00' }],
        }),
    });
    const { user } = renderApp('/ops/loans');
    const link = await screen.findByRole('link', { name: LOAN_UUID.slice(0, 8) }, LOADED);
    expect(link).toHaveAttribute('href', `/ops/loans/${LOAN_UUID}`);
    expect(screen.getByText('$20,350.36')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Reconciliation' }));
    expect(await screen.findByText('The ledger does not balance', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('PRINCIPAL is -$1.00')).toBeInTheDocument();
  });
});
