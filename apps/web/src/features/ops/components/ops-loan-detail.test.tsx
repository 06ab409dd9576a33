import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  getOpsLoan,
  getOpsLoans,
  getOpsReconciliation,
  postOpsReversePayment,
  postOpsSurplusPayout,
  postOpsWirePayment,
  type TGetOpsLoanResponse,
  type TLedgerEntry,
  type TServicingPayment,
} from '@pledge/contract';
import { ZERO_BALANCES } from '@pledge/domain';
import { jsonResponse, type THandler } from '../../../test/mock-fetch.js';
import { LOADED, SLOW } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { LOAN_UUID, servicingLoan } from '../../loan/loan-test-data.js';
import {
  answerKeyedProposal,
  answerProposal,
  expectProposed,
  type TKeyedProposal,
} from '../ops-test-data.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { isReversible, surplusOwedOf, surplusPayoutErrors, wireErrors } from './ops-loan-detail.js';

const PAYMENT_UUID = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';

signInAgentBeforeEach();

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

/** The loan's page as an agent opens it, the loan answered as `loan` and its actions by `handlers`. */
function showLoan(loan: TGetOpsLoanResponse, handlers: Record<string, THandler>) {
  mockAgentFetch({
    [`GET ${buildPath(getOpsLoan.path, { loanUuid: LOAN_UUID })}`]: () => jsonResponse(loan),
    ...handlers,
  });
  return renderApp(`/ops/loans/${LOAN_UUID}`);
}

/** The one proposal sent, with its body and an idempotency key. */
function expectSentOnce(sent: TKeyedProposal[], body: unknown) {
  expect(sent).toHaveLength(1);
  expect(sent[0]?.body).toEqual(body);
  expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
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
  it('proposes a wire once, with its evidence, and records nothing until approved', async () => {
    const sent: TKeyedProposal[] = [];
    const { user } = showLoan(detail(), {
      [`POST ${buildPath(postOpsWirePayment.path, { loanUuid: LOAN_UUID })}`]: answerKeyedProposal(
        sent,
        { summary: 'Wire of 500.00 USD received 2025-02-11, ref FED-1' },
      ),
    });
    const ledger = await screen.findByRole('region', { name: 'Ledger' }, LOADED);
    expect(within(ledger).getByText('-$20,000.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record a wire' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a wire' });
    await user.click(within(dialog).getByRole('button', { name: 'Propose wire' }));
    expect(within(dialog).getByText('Give the wire reference')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Amount received/ }), '500');
    await user.type(within(dialog).getByRole('textbox', { name: /Wire reference/ }), 'FED-1');
    await user.type(within(dialog).getByLabelText(/Received on/), '2025-02-11');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Propose wire' }));

    await expectProposed(dialog, 'Wire of 500.00 USD received 2025-02-11, ref FED-1');
    expect(within(dialog).getByRole('link', { name: 'Approvals' })).toHaveAttribute(
      'href',
      '/ops/approvals',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const paymentsSection = screen.getByRole('region', { name: 'Payments' });
    expect(within(paymentsSection).getByText('No payments yet.')).toBeInTheDocument();
    expectSentOnce(sent, { amountCents: 50_000, reference: 'FED-1', receivedOn: '2025-02-11' });
  });

  it('proposes reversing a payment only with a reason', async () => {
    const reasons: unknown[] = [];
    const { user } = showLoan(detail([wire()]), {
      [`POST ${buildPath(postOpsReversePayment.path, { paymentUuid: PAYMENT_UUID })}`]:
        answerProposal(reasons, {
          action: 'REVERSE_PAYMENT',
          label: 'Payment reversal',
          amountCents: 50_000,
          summary: 'Reverse the wire of 500.00 USD: Recorded twice',
        }),
    });
    await user.click(await screen.findByRole('button', { name: /^Reverse the payment/ }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Reverse the payment of $500.00?' });
    await user.click(within(dialog).getByRole('button', { name: 'Propose reversal' }));
    expect(reasons).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Recorded twice');
    await user.click(within(dialog).getByRole('button', { name: 'Propose reversal' }));
    await expectProposed(dialog, 'Reverse the wire of 500.00 USD: Recorded twice');
    expect(reasons).toEqual([{ reason: 'Recorded twice' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: /^Reverse the payment/ })).toBeInTheDocument();
  });
});

describe('/ops/loans and /ops/reconciliation', SLOW, () => {
  it('lists loans with links to each, and reports the reconciliation', async () => {
    mockAgentFetch({
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

const SALE_JOURNAL = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const PAYOUT_JOURNAL = '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e';

function leg(
  entryId: string,
  journalUuid: string,
  kind: TLedgerEntry['kind'],
  account: TLedgerEntry['account'],
  amountCents: number,
): TLedgerEntry {
  return {
    entryId,
    journalUuid,
    kind,
    account,
    amountCents,
    effectiveOn: '2025-05-20',
    createdAt: '2025-05-20T12:00:00.000Z',
    reversesJournalUuid: null,
    paymentUuid: null,
  };
}

/** A loan the desk liquidated at a better price: nothing owed, $3,760.00 owed back. */
function liquidatedDetail(paidOut: boolean): TGetOpsLoanResponse {
  const base = detail();
  const payout = paidOut
    ? [
        leg('7', PAYOUT_JOURNAL, 'SURPLUS_PAYOUT', 'SURPLUS_PAYABLE', 376_000),
        leg('8', PAYOUT_JOURNAL, 'SURPLUS_PAYOUT', 'CASH', -376_000),
      ]
    : [];
  return {
    ...base,
    loan: servicingLoan({
      status: 'LIQUIDATED',
      balances: ZERO_BALANCES,
    }),
    ledger: [
      ...base.ledger,
      leg('3', SALE_JOURNAL, 'LIQUIDATION', 'LIQUIDATION_PROCEEDS', 2_400_000),
      leg('4', SALE_JOURNAL, 'LIQUIDATION', 'FEE_INCOME', -24_000),
      leg('5', SALE_JOURNAL, 'LIQUIDATION', 'PRINCIPAL', -2_000_000),
      leg('6', SALE_JOURNAL, 'LIQUIDATION', 'SURPLUS_PAYABLE', -376_000),
      ...payout,
    ],
  };
}

describe('surplusOwedOf and surplusPayoutErrors', () => {
  it('reads the surplus owed from SURPLUS_PAYABLE: none before a sale, 0 once paid out', () => {
    expect(surplusOwedOf(detail().ledger)).toBeNull();
    expect(surplusOwedOf(liquidatedDetail(false).ledger)).toBe(376_000);
    expect(surplusOwedOf(liquidatedDetail(true).ledger)).toBe(0);
  });

  it('names each missing piece of the payout’s evidence in the contract’s words', () => {
    expect(surplusPayoutErrors({ reference: ' ', sentOn: '' }, 376_000)).toEqual({
      reference: 'Give the wire reference',
      sentOn: 'Give the day the wire was sent',
    });
    expect(surplusPayoutErrors({ reference: 'FED-9', sentOn: '2025-05-21' }, 376_000)).toEqual({});
  });
});

describe('/ops/loans/{loanUuid} after a liquidation with a surplus', SLOW, () => {
  it('shows the surplus owed and proposes its payout once, recording nothing yet', async () => {
    const sent: TKeyedProposal[] = [];
    const { user } = showLoan(liquidatedDetail(false), {
      [`POST ${buildPath(postOpsSurplusPayout.path, { loanUuid: LOAN_UUID })}`]:
        answerKeyedProposal(sent, {
          action: 'SURPLUS_PAYOUT',
          label: 'Surplus payout',
          amountCents: 376_000,
          summary: 'Surplus payout of 3,760.00 USD sent 2025-05-21, ref FED-9',
        }),
    });
    const owed = await screen.findByText('Surplus owed to the borrower', {}, LOADED);
    expect(owed.nextElementSibling).toHaveTextContent('$3,760.00');
    expect(screen.queryByRole('button', { name: 'Record a wire' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record surplus payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Record surplus payout' });
    expect(dialog).toHaveTextContent('The whole surplus of $3,760.00');
    await user.click(within(dialog).getByRole('button', { name: 'Propose payout' }));
    expect(within(dialog).getByText('Give the wire reference')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Wire reference/ }), 'FED-9');
    await user.type(within(dialog).getByLabelText(/Sent on/), '2025-05-21');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Propose payout' }));

    await expectProposed(dialog, 'Surplus payout of 3,760.00 USD sent 2025-05-21, ref FED-9');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByText('Surplus owed to the borrower').nextElementSibling).toHaveTextContent(
      '$3,760.00',
    );
    expectSentOnce(sent, { amountCents: 376_000, reference: 'FED-9', sentOn: '2025-05-21' });
  });

  it('shows the server’s refusal in the dialog and records nothing', async () => {
    const { user } = showLoan(liquidatedDetail(false), {
      [`POST ${buildPath(postOpsSurplusPayout.path, { loanUuid: LOAN_UUID })}`]: () =>
        jsonResponse(
          {
            code: 'VALIDATION_ERROR',
            message: 'The surplus cannot have been sent before the sale of 2025-05-20',
          },
          400,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Record surplus payout' }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Record surplus payout' });
    await user.type(within(dialog).getByRole('textbox', { name: /Wire reference/ }), 'FED-9');
    await user.type(within(dialog).getByLabelText(/Sent on/), '2025-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Propose payout' }));
    expect(
      await within(dialog).findByText(
        'The surplus cannot have been sent before the sale of 2025-05-20',
      ),
    ).toBeInTheDocument();
  });
});
