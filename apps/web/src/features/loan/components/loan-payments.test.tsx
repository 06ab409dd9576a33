/**
 * Paying a loan as a borrower would expect (issue 33, findings 8 and 10): a loan without a US bank
 * account shows how to wire, with its reference, and offers no ACH debit or autopay; the payment
 * dialog never sends an amount with more than cents; a debit the bank refused is an error, never a
 * green "sent"; the cure countdown runs on the server's clock.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildPath,
  postServicingPayment,
  postServicingPayoffQuote,
  type TServicingLoan,
  type TServicingPayment,
} from '@pledge/contract';
import { PAYMENT_METHOD_MESSAGES } from '@pledge/domain';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import {
  LOAN_UUID,
  marginCallRisk,
  PAYOFF_QUOTE,
  servicingLoan,
  servicingPayment,
  WIRE_INSTRUCTIONS,
} from '../loan-test-data.js';
import { LoanHealthSection } from './loan-health-panel.js';
import { LoanContent } from './loan-view.js';
import { PaymentPanel } from './payment-panel.js';
import { TestProviders } from '../../../test/providers.js';

const route = (endpoint: { method: string; path: string }) =>
  `${endpoint.method} ${buildPath(endpoint.path, { loanUuid: LOAN_UUID })}`;

/** A loan paid out in USDC: no bank account, the lender's wire details, the note on USDC. */
function usdcLoan(overrides: Partial<TServicingLoan> = {}): TServicingLoan {
  return servicingLoan({
    debitAccount: null,
    paymentOptions: {
      canPayByAch: false,
      canUseAutopay: false,
      wire: WIRE_INSTRUCTIONS,
      usdcNote: PAYMENT_METHOD_MESSAGES.usdcNotAccepted,
    },
    ...overrides,
  });
}

/** A debit of $100.01, just sent. */
function payment(overrides: Partial<TServicingPayment> = {}): TServicingPayment {
  return servicingPayment({ amountCents: 10_001, ...overrides });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a loan without a US bank account (paid out in USDC)', () => {
  it('shows where to wire, with the reference to quote, and no ACH, autopay or pay-down debit', () => {
    render(<LoanContent loan={usdcLoan()} />, { wrapper: TestProviders });
    const wire = screen.getByRole('region', { name: 'Pay by wire' });
    expect(within(wire).getByText(WIRE_INSTRUCTIONS.reference)).toBeInTheDocument();
    for (const line of [
      WIRE_INSTRUCTIONS.beneficiaryName,
      WIRE_INSTRUCTIONS.bankName,
      WIRE_INSTRUCTIONS.accountNumber,
      WIRE_INSTRUCTIONS.routingNumber,
      WIRE_INSTRUCTIONS.swiftCode,
    ]) {
      expect(within(wire).getByText(line)).toBeInTheDocument();
    }
    expect(within(wire).getByRole('button', { name: /Copy.*wire reference/ })).toBeInTheDocument();
    expect(within(wire).getByText(PAYMENT_METHOD_MESSAGES.usdcNotAccepted)).toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Autopay' })).not.toBeInTheDocument();
    expect(screen.queryByText(/linked bank account/)).not.toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Next payment' });
    expect(within(next).getByRole('link', { name: /instructions and reference/ })).toHaveAttribute(
      'href',
      '#loan-section-pay-by-wire',
    );
  });

  it('offers a pay-down by wire, not by debit, when the loan is at risk', () => {
    render(<LoanHealthSection loan={usdcLoan({ risk: marginCallRisk() })} />, {
      wrapper: TestProviders,
    });
    expect(screen.queryByRole('button', { name: 'Pay down your balance' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay down by wire' })).toHaveAttribute(
      'href',
      '#loan-section-pay-by-wire',
    );
  });

  it('quotes a payoff to wire, with no ACH payoff button', async () => {
    mockFetch({ [route(postServicingPayoffQuote)]: () => jsonResponse(PAYOFF_QUOTE, 201) });
    const user = userEvent.setup();
    render(<LoanContent loan={usdcLoan()} />, { wrapper: TestProviders });
    const payoff = screen.getByRole('region', { name: 'Pay off your loan' });
    await user.click(within(payoff).getByRole('button', { name: 'Get a payoff quote' }));
    expect(
      await within(payoff).findByText(/To pay it off, wire \$20,355\.24 before then/),
    ).toHaveTextContent(WIRE_INSTRUCTIONS.reference);
    expect(
      within(payoff).queryByRole('button', { name: 'Pay off $20,355.24' }),
    ).not.toBeInTheDocument();
  });
});

describe('a loan with a bank account', () => {
  it('keeps ACH and autopay, with the wire as another way', () => {
    render(<LoanContent loan={servicingLoan()} />, { wrapper: TestProviders });
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Autopay' })).toBeInTheDocument();
    const wire = screen.getByRole('region', { name: 'Pay by wire' });
    expect(within(wire).getByText(/You can also pay/)).toBeInTheDocument();
    expect(within(wire).queryByText(PAYMENT_METHOD_MESSAGES.usdcNotAccepted)).toBeNull();
  });
});

/** The payment panel's dialog, opened, with its amount field emptied. */
async function openPaymentDialog() {
  const user = userEvent.setup();
  render(<PaymentPanel loan={servicingLoan()} />, { wrapper: TestProviders });
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  const dialog = screen.getByRole('dialog', { name: 'Make a payment' });
  const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
  await user.clear(amount);
  return { user, dialog, amount };
}

describe('the payment dialog', () => {
  it('sends nothing for an amount with more than cents, and says why', async () => {
    const fetch = mockFetch({
      [route(postServicingPayment)]: () => jsonResponse(payment(), 201),
    });
    const { user, dialog, amount } = await openPaymentDialog();
    await user.type(amount, '100.555');
    expect(amount).toHaveValue('100.555');
    await user.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(within(dialog).getByText('Maximum of 2 decimal places.')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText(/sent$/)).not.toBeInTheDocument();
  });

  it('shows a debit the bank refused as an error, not as sent', async () => {
    mockFetch({
      [route(postServicingPayment)]: () =>
        jsonResponse(
          payment({ status: 'RETURNED', failureReason: 'Insufficient funds (R01)' }),
          201,
        ),
    });
    const { user, dialog, amount } = await openPaymentDialog();
    await user.type(amount, '100.01');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $100.01' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your payment of $100.01 did not go through');
    expect(alert).toHaveTextContent('Insufficient funds (R01)');
    expect(screen.queryByText('Payment of $100.01 sent')).not.toBeInTheDocument();
  });
});

describe('the cure countdown', () => {
  it('counts on the server’s clock, not the device’s', () => {
    vi.useFakeTimers();
    // The device says 15:00; the server said 17:00 when it sent the loan (received at 15:00).
    vi.setSystemTime(new Date('2025-02-11T15:00:00.000Z'));
    const loan = servicingLoan({
      status: 'MARGIN_CALL',
      risk: marginCallRisk(),
      asOf: '2025-02-11T17:00:00.000Z',
    });
    render(<LoanHealthSection loan={loan} receivedAtMs={Date.now()} />, { wrapper: TestProviders });
    expect(screen.getByText('46 hours 0 minutes left')).toBeInTheDocument();
    act(() => {
      vi.setSystemTime(new Date('2025-02-13T13:00:00.000Z'));
      vi.advanceTimersByTime(60_000);
    });
    // 13:01 on the device is 15:01 on the server: the deadline of 15:00 has passed.
    expect(screen.getByText('The time to cure the margin call has run out')).toBeInTheDocument();
  });
});
