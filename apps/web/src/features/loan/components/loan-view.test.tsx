import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildPath,
  getLoanStatus,
  getServicingLoan,
  getUserApps,
  postServicingDeferral,
  postServicingDeferralPreview,
  postServicingPayment,
  postServicingPayoff,
  postServicingPayoffQuote,
  putServicingAutopay,
  type TDeferralPreview,
  type TServicingLoan,
} from '@pledge/contract';
import { ZERO_BALANCES } from '@pledge/domain';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { LOADED, SLOW } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { figureInfoHandlers, storeTestSession } from '../../session/session-test-utils.js';
import {
  loanCard,
  LOAN_UUID,
  loanRisk,
  NOTHING_DUE,
  PAYOFF_QUOTE,
  servicingLoan,
  servicingPayment,
} from '../loan-test-data.js';

const PAGE = `/account/crypto-backed-loan/loans/${LOAN_UUID}`;
const params = { loanUuid: LOAN_UUID };
const route = (endpoint: { method: string; path: string }) =>
  `${endpoint.method} ${buildPath(endpoint.path, params)}`;

beforeEach(() => {
  storeTestSession();
});

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** The server: the loan as `current()` has it, plus the handlers of a test. */
function serve(current: () => TServicingLoan, more: Record<string, THandler> = {}) {
  return mockFetch({
    ...figureInfoHandlers(),
    [route(getServicingLoan)]: () => jsonResponse(current()),
    [`GET ${getLoanStatus.path}`]: () => jsonResponse({ loans: [] }),
    [`GET ${getUserApps.path}`]: () => jsonResponse([]),
    ...more,
  });
}

function headerOf(init: RequestInit, name: string): string | null {
  return new Headers(init.headers).get(name);
}

describe('/loans/{loanUuid}', SLOW, () => {
  it('shows the balance, the next payment, the schedule and the statements', async () => {
    serve(() => servicingLoan());
    renderApp(PAGE);
    const balance = await screen.findByRole('region', { name: 'Balance' }, LOADED);
    expect(within(balance).getByText('$20,000.00')).toBeInTheDocument();
    expect(within(balance).getByText('$200.00')).toBeInTheDocument();
    expect(within(balance).getAllByText('$150.36')).toHaveLength(1);
    expect(within(balance).getByText('$20,350.36')).toBeInTheDocument();

    const next = screen.getByRole('region', { name: 'Next payment' });
    expect(within(next).getByText('$150.36')).toBeInTheDocument();
    expect(within(next).getByText('Feb 24, 2025')).toBeInTheDocument();
    expect(within(next).getByRole('switch', { name: 'Autopay' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    const schedule = screen.getByRole('region', { name: 'Payment schedule' });
    expect(within(schedule).getAllByRole('row')).toHaveLength(3);
    expect(within(schedule).getByText('Upcoming')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download PDF, statement of Feb 10, 2025' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
  });

  it('never says the LTV is not known while one is: an international loan before any price is stored', async () => {
    // Paid out in USDC, paid by wire: the loan's LTV is known at today's quoted price (33.83 %),
    // while the risk view has no stored price yet.
    serve(() =>
      servicingLoan({
        debitAccount: null,
        paymentOptions: {
          canPayByAch: false,
          canUseAutopay: false,
          wire: servicingLoan().paymentOptions.wire,
          usdcNote: 'We do not accept USDC.',
        },
        ltv: { ltvPct: 33.83, warningLtvPct: 75, marginCallLtvPct: 80, liquidationLtvPct: 90 },
        risk: loanRisk({ ltvPct: null, price: null, triggerPrices: null }),
      }),
    );
    renderApp(PAGE);
    const terms = await screen.findByRole('region', { name: 'Your loan' }, LOADED);
    const health = screen.getByRole('region', { name: 'Loan health' });
    for (const section of [terms, health]) {
      const label = within(section).getByText('LTV now');
      expect(label.parentElement).toHaveTextContent('33.83%');
    }
    expect(screen.queryByText('Not known')).not.toBeInTheDocument();
    expect(screen.queryByText(/your LTV is not known/)).not.toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Loan-to-value (LTV)' })).toHaveAttribute(
      'aria-valuenow',
      '33.83',
    );
  });

  it('pays once however often the confirmation is clicked, with one Idempotency-Key', async () => {
    let loan = servicingLoan();
    const keys: (string | null)[] = [];
    const bodies: unknown[] = [];
    let answer: (response: Response) => void = () => undefined;
    serve(() => loan, {
      [route(postServicingPayment)]: (_url, init) => {
        keys.push(headerOf(init, 'Idempotency-Key'));
        bodies.push(sentBody(init));
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Pay now' }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Make a payment' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('150.36');

    // Nothing the server would refuse is sent.
    await user.clear(amount);
    await user.type(amount, '25000');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $25,000.00' }));
    expect(within(dialog).getByText('Enter an amount no larger than the balance')).toBeVisible();
    expect(keys).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '150.36');
    const confirm = within(dialog).getByRole('button', { name: 'Pay $150.36' });
    await user.dblClick(confirm);
    await user.click(confirm);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies).toEqual([{ amountCents: 15_036 }]);

    loan = servicingLoan({
      payments: [servicingPayment()],
      balances: { ...loan.balances, accruedInterestCents: 0, totalCents: 2_020_000 },
      nextPayment: NOTHING_DUE,
    });
    answer(jsonResponse(servicingPayment(), 201));
    expect(await screen.findByText('Payment of $150.36 sent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Payment history' });
    expect(await within(history).findByText('Payment · Bank transfer (ACH)')).toBeInTheDocument();
    expect(within(history).getByText('Pending')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Balance' })).getByText('$20,200.00'),
      ).toBeInTheDocument(),
    );
  });

  it('sends a new key for a new amount after a refusal', async () => {
    const keys: (string | null)[] = [];
    serve(() => servicingLoan(), {
      [route(postServicingPayment)]: (_url, init) => {
        keys.push(headerOf(init, 'Idempotency-Key'));
        return keys.length === 1
          ? jsonResponse({ code: 'NO_DEBIT_ACCOUNT', message: 'Link a bank account first' }, 409)
          : jsonResponse(servicingPayment({ amountCents: 10_000 }), 201);
      },
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Pay now' }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Make a payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $150.36' }));
    expect(await within(dialog).findByText('Link a bank account first')).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Payment of $100.00 sent')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows the new LTV before a deferral, and the refusal in place of the confirmation', async () => {
    let preview: TDeferralPreview = {
      interestCents: 15_036,
      newBalanceCents: 2_035_036,
      newLtv: 81.4,
      refusedReason: 'Deferring would put your loan into a margin call.',
    };
    const deferrals: (string | null)[] = [];
    serve(() => servicingLoan(), {
      [route(postServicingDeferralPreview)]: () => jsonResponse(preview),
      [route(postServicingDeferral)]: (_url, init) => {
        deferrals.push(headerOf(init, 'Idempotency-Key'));
        return jsonResponse(servicingLoan(), 201);
      },
    });
    const { user } = renderApp(PAGE);
    await user.click(
      await screen.findByRole('button', { name: 'Defer this month’s interest' }, LOADED),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Defer this month’s interest' });
    expect(within(dialog).getByText('81.40%')).toBeInTheDocument();
    expect(within(dialog).getByText('33.92%')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Deferring would put your loan into a margin call.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Defer/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(deferrals).toHaveLength(0);

    preview = { ...preview, newLtv: 34.17, refusedReason: null };
    await user.click(screen.getByRole('button', { name: 'Defer this month’s interest' }));
    dialog = await screen.findByRole('dialog', { name: 'Defer this month’s interest' });
    expect(within(dialog).getByText('34.17%')).toBeInTheDocument();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Defer $150.36' }));
    expect(await screen.findByText('This month’s interest is deferred')).toBeInTheDocument();
    expect(deferrals).toHaveLength(1);
    expect(deferrals[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns autopay on with the server’s answer', async () => {
    let loan = servicingLoan();
    const bodies: unknown[] = [];
    serve(() => loan, {
      [route(putServicingAutopay)]: (_url, init) => {
        bodies.push(sentBody(init));
        loan = servicingLoan({ autopayEnabled: true });
        return jsonResponse(loan);
      },
    });
    const { user } = renderApp(PAGE);
    const autopay = await screen.findByRole('switch', { name: 'Autopay' }, LOADED);
    await user.click(autopay);
    await waitFor(() => expect(autopay).toHaveAttribute('aria-checked', 'true'));
    expect(bodies).toEqual([{ enabled: true }]);
  });

  it('quotes a payoff, pays it once, and leads to the collateral release', async () => {
    let loan = servicingLoan();
    const payoffs: { key: string | null; body: unknown }[] = [];
    serve(() => loan, {
      [route(postServicingPayoffQuote)]: () => jsonResponse(PAYOFF_QUOTE, 201),
      [route(postServicingPayoff)]: (_url, init) => {
        payoffs.push({
          key: headerOf(init, 'Idempotency-Key'),
          body: sentBody(init),
        });
        loan = servicingLoan({
          status: 'PAID_OFF',
          nextPayment: null,
          balances: ZERO_BALANCES,
        });
        return jsonResponse(
          { payment: servicingPayment({ purpose: 'PAYOFF', amountCents: 2_035_524 }), loan },
          201,
        );
      },
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Get a payoff quote' }, LOADED));
    const payoff = screen.getByRole('region', { name: 'Pay off your loan' });
    expect(await within(payoff).findByText('$20,355.24')).toBeInTheDocument();
    expect(within(payoff).getByText('Interest to Feb 11, 2025')).toBeInTheDocument();
    expect(within(payoff).getByText('$155.24')).toBeInTheDocument();
    expect(within(payoff).getByText('Prepayment penalty')).toBeInTheDocument();
    expect(within(payoff).getByText(/^Valid until Feb 1[12], 2025/)).toBeInTheDocument();
    expect(within(payoff).queryByText(/not settled yet/)).not.toBeInTheDocument();

    await user.click(within(payoff).getByRole('button', { name: 'Pay off $20,355.24' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay off your loan' });
    expect(within(dialog).getByText(/Checking ····6789/)).toBeInTheDocument();
    expect(within(dialog).getByText(/once your bank has settled the payoff\./)).toBeInTheDocument();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Pay off $20,355.24' }));

    expect(await screen.findByText('Your loan is paid off')).toBeInTheDocument();
    expect(payoffs).toHaveLength(1);
    expect(payoffs[0]?.body).toEqual({ quoteUuid: PAYOFF_QUOTE.quoteUuid });
    expect(payoffs[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: 'Get your collateral back' })).toHaveAttribute(
      'href',
      `/account/crypto-backed-loan/${LOAN_UUID}/collateral-release`,
    );
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('says which payments in a quote the bank may still return, and that the collateral waits for them', async () => {
    serve(() => servicingLoan(), {
      [route(postServicingPayoffQuote)]: () =>
        jsonResponse({ ...PAYOFF_QUOTE, pendingPaymentsCents: 100_002 }, 201),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Get a payoff quote' }, LOADED));
    const payoff = screen.getByRole('region', { name: 'Pay off your loan' });
    expect(
      await within(payoff).findByText(
        'This amount counts $1,000.02 of payments your bank has not settled yet. If your bank returns one, that amount is owed again and your loan reopens; your collateral is returned only once every payment has settled.',
      ),
    ).toBeInTheDocument();
    await user.click(within(payoff).getByRole('button', { name: 'Pay off $20,355.24' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay off your loan' });
    expect(
      within(dialog).getByText(
        /once your bank has settled the payoff and the payments it counts\./,
      ),
    ).toBeInTheDocument();
  });

  it('shows what is due on a matured loan, with no deferral and no autopay', async () => {
    serve(() =>
      servicingLoan({
        status: 'MATURED',
        nextPayment: null,
        maturity: {
          maturityDate: '2026-01-10',
          daysToMaturity: 0,
          amountDueCents: 2_050_000,
          options: ['PAY_OFF'],
        },
      }),
    );
    renderApp(PAGE);
    expect(
      await screen.findByText('Your loan matured on Jan 10, 2026', {}, LOADED),
    ).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Next payment' });
    expect(within(next).getByText('Due now')).toBeInTheDocument();
    expect(within(next).getByText('$20,500.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Defer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a payoff quote' })).toBeInTheDocument();
  });

  it('says so when the loan is not the borrower’s, and for an id that is no uuid', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [route(getServicingLoan)]: () => jsonResponse({ code: 'NOT_FOUND', message: 'No' }, 404),
    });
    const { unmount } = renderApp(PAGE);
    expect(
      await screen.findByRole('heading', { name: 'Loan not found' }, LOADED),
    ).toBeInTheDocument();
    unmount();
    renderApp('/account/crypto-backed-loan/loans/not-a-loan');
    expect(
      await screen.findByRole('heading', { name: 'Loan not found' }, LOADED),
    ).toBeInTheDocument();
  });
});

describe('/dashboard', SLOW, () => {
  it('links each loan card to its loan page, with the next payment', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [`GET ${getUserApps.path}`]: () => jsonResponse([]),
      [`GET ${getLoanStatus.path}`]: () => jsonResponse({ loans: [loanCard()] }),
    });
    renderApp('/dashboard');
    const loans = await screen.findByRole('region', { name: 'Your loans' }, LOADED);
    expect(within(loans).getByRole('link', { name: 'Payments and balance' })).toHaveAttribute(
      'href',
      PAGE,
    );
    expect(within(loans).getByText('Next payment: $150.36 due Feb 24, 2025')).toBeInTheDocument();
  });
});
