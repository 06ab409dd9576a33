import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TServicingLoan } from '@pledge/contract';
import { CURE_COUNTDOWN_TICK_MS } from '@pledge/domain';
import { displayDateTime } from '../loan-dates.js';
import {
  DEPOSIT_ADDRESS,
  liquidation,
  loanRisk,
  marginCallRisk,
  servicingLoan,
} from '../loan-test-data.js';
import { LiquidationsSection } from './liquidations-section.js';
import { LoanHealthSection } from './loan-health-panel.js';
import { TestProviders } from '../../../test/providers.js';

function renderHealth(loan: TServicingLoan) {
  return render(<LoanHealthSection loan={loan} />, { wrapper: TestProviders });
}

/** The loan in a margin call at $25,000 a BTC (80.80 %). */
function marginCallLoan(): TServicingLoan {
  return servicingLoan({ status: 'MARGIN_CALL', risk: marginCallRisk() });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LoanHealthSection', () => {
  it('shows a healthy loan’s LTV on the gauge with its three marks, and no alert', () => {
    renderHealth(servicingLoan());
    const meter = screen.getByRole('meter', { name: 'Loan-to-value (LTV)' });
    expect(meter).toHaveAttribute('aria-valuenow', '33.92');
    expect(meter).toHaveAttribute('aria-valuetext', '33.92%, Healthy');
    expect(screen.getByTestId('ltv-mark-warning')).toHaveStyle({ left: '75%' });
    expect(screen.getByTestId('ltv-mark-margin-call')).toHaveStyle({ left: '80%' });
    expect(screen.getByTestId('ltv-mark-liquidation')).toHaveStyle({ left: '90%' });
    expect(screen.getByText('Warning at 75.00%')).toBeInTheDocument();
    expect(screen.getByText('Margin call at 80.00%')).toBeInTheDocument();
    expect(screen.getByText('Liquidation at 90.00%')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
  });

  it('lists the BTC price at which each level starts and how far it is from today', () => {
    renderHealth(servicingLoan());
    const table = screen.getByRole('table', { name: /BTC prices at which each level starts/ });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('Warning')).toHaveTextContent('75.00%$26,933.3354.8%');
    expect(row('Close to a margin call')).toHaveTextContent('76.00%$26,578.9555.4%');
    expect(row('Margin call')).toHaveTextContent('80.00%$25,250.0057.6%');
    expect(row('Liquidation')).toHaveTextContent('90.00%$22,444.4462.3%');
  });

  it('names the stored price, its sources and its time', () => {
    renderHealth(servicingLoan());
    const note = screen.getByText(/Figures use the BTC price of \$59,552\.00/);
    expect(note).toHaveTextContent('(median of Coinbase, Kraken, Bitstamp)');
    expect(within(note).getByText(displayDateTime('2025-02-11T14:30:00.000Z'))).toHaveAttribute(
      'datetime',
      '2025-02-11T14:30:00.000Z',
    );
  });

  it.each([
    ['WARNING' as const, 75.5, /over the warning level of 75\.00%/],
    ['COURTESY_NOTICE' as const, 77, /close to a margin call/],
  ])('warns at %s with the margin-call price', (level, ltvPct, title) => {
    renderHealth(servicingLoan({ risk: loanRisk({ level, ltvPct }) }));
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(
      screen.getByText(/margin call starts at .*80\.00% \(BTC at \$25,250\.00\)/i),
    ).toBeInTheDocument();
    expect(screen.getByRole('meter')).toHaveAttribute(
      'aria-valuetext',
      `${ltvPct.toFixed(2)}%, ${level === 'WARNING' ? 'Warning' : 'Close to a margin call'}`,
    );
  });

  it('alerts a margin call with its deadline and the liquidation price', () => {
    renderHealth(marginCallLoan());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your loan is in a margin call');
    expect(alert).toHaveTextContent(
      'Your LTV is 80.80%, at or above the margin call level of 80.00%',
    );
    expect(alert).toHaveTextContent(`by ${displayDateTime('2025-02-13T15:00:00.000Z')}`);
    expect(alert).toHaveTextContent('if the LTV reaches 90.00% (BTC at $22,444.44)');
  });

  it('says a payment still with the bank does not count toward the margin call yet', () => {
    const loan = marginCallLoan();
    renderHealth({
      ...loan,
      payments: [
        {
          paymentUuid: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d',
          method: 'ACH',
          purpose: 'PAYMENT',
          amountCents: 300_000,
          status: 'PENDING',
          reference: '••••6789',
          createdAt: '2025-02-11T16:00:00.000Z',
          settledAt: null,
          failureReason: null,
        },
      ],
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Your payment of $3,000.00 is still with your bank: it counts toward the margin call only once the bank has settled it',
    );
    expect(alert).toHaveTextContent('Collateral counts as soon as it is confirmed on chain.');
  });

  it('counts the cure down from the server’s deadline, once a minute', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-02-11T15:00:00.000Z'));
    renderHealth(marginCallLoan());
    expect(screen.getByText('48 hours 0 minutes left')).toBeInTheDocument();
    expect(
      screen.getByText(displayDateTime('2025-02-13T15:00:00.000Z'), { selector: 'time' }),
    ).toHaveAttribute('datetime', '2025-02-13T15:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(CURE_COUNTDOWN_TICK_MS);
    });
    expect(screen.getByText('47 hours 59 minutes left')).toBeInTheDocument();
    act(() => {
      vi.setSystemTime(new Date('2025-02-13T14:59:00.000Z'));
      vi.advanceTimersByTime(CURE_COUNTDOWN_TICK_MS);
    });
    expect(screen.getByText('The time to cure the margin call has run out')).toBeInTheDocument();
  });

  it('says that collateral is being sold at the liquidation level', () => {
    renderHealth(servicingLoan({ risk: loanRisk({ level: 'LIQUIDATION', ltvPct: 91 }) }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your collateral is being sold');
  });

  it('shows what a lower price would do, with the level it reaches', () => {
    renderHealth(servicingLoan());
    const slider = screen.getByRole('slider', { name: 'What if the BTC price falls?' });
    // $59,552 today, floor 75 % of $22,444.44 ($16,833.33): steps of $500 from $16,500 to $60,000.
    expect(slider).toHaveAttribute('min', '16500');
    expect(slider).toHaveAttribute('max', '60000');
    expect(slider).toHaveAttribute('step', '500');
    expect(screen.getByTestId('what-if-sentence')).toHaveTextContent(
      'If BTC falls to $59,500 your LTV is 33.94%',
    );
    // $20,200 on 1 BTC at $25,000 is 80.80 %: a margin call.
    fireEvent.change(slider, { target: { value: '25000' } });
    expect(screen.getByTestId('what-if-sentence')).toHaveTextContent(
      'If BTC falls to $25,000 your LTV is 80.80%',
    );
    expect(screen.getByText('(Margin call)')).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', '$25,000: LTV 80.80%, Margin call');
    // A native range input: focusable, and moved by the arrow, Page and Home/End keys.
    slider.focus();
    expect(slider).toHaveFocus();
    fireEvent.change(slider, { target: { value: slider.getAttribute('min') } });
    // $20,200 at $16,500 is 122.42 %: past liquidation.
    expect(screen.getByTestId('what-if-sentence')).toHaveTextContent(
      'If BTC falls to $16,500 your LTV is 122.42%',
    );
    expect(screen.getByText('(Liquidation)')).toBeInTheDocument();
  });

  it('shows the sale a liquidation would make at a price that calls for one', () => {
    renderHealth(servicingLoan());
    const slider = screen.getByRole('slider', { name: 'What if the BTC price falls?' });
    expect(screen.queryByTestId('what-if-sale')).not.toBeInTheDocument();
    // Worked out by hand: $20,350.36 owed on 1 BTC, back to 50 % after the 2 % fee at $25,000:
    // q = ($20,350.36 − 0.5 × $25,000) ÷ ($25,000 × 0.48) = 0.654196666…, 0.654197 BTC rounded
    // up to the collateral's 6 decimals; $16,354.925 is $16,354.93, its 2 % $327.10, $16,027.83
    // repaid; $4,322.53 owed on 0.345803 BTC ($8,645.075) is 49.9999 %.
    fireEvent.change(slider, { target: { value: '25000' } });
    expect(screen.getByTestId('what-if-sale')).toHaveTextContent(
      'If the margin call is not cured within 48 hours, a liquidation at this price would sell 0.65419700 BTC for $16,354.93; after the processing fee of $327.10, $16,027.83 repays the loan, leaving 0.34580300 BTC as collateral at an LTV of 50.00%.',
    );
    // At $16,500 (122 %) even all of it does not cover what is owed.
    fireEvent.change(slider, { target: { value: '16500' } });
    expect(screen.getByTestId('what-if-sale')).toHaveTextContent(
      /^At this price your collateral would be liquidated: the sale would sell 1(\.0+)? BTC for \$16,500\.00; after the processing fee of \$330\.00, \$16,170\.00 repays the loan, and no collateral is left\.$/,
    );
  });

  it('offers no gauge, slider or prices while no price is known', () => {
    renderHealth(
      servicingLoan({
        ltv: null,
        risk: loanRisk({ ltvPct: null, price: null, triggerPrices: null }),
      }),
    );
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.getByText('We have no BTC price yet, so your LTV is not known.'),
    ).toBeInTheDocument();
  });

  it('shows the LTV known at today’s price while no price is stored, never “Not known”', () => {
    renderHealth(
      servicingLoan({
        ltv: { ltvPct: 33.83, warningLtvPct: 75, marginCallLtvPct: 80, liquidationLtvPct: 90 },
        risk: loanRisk({ ltvPct: null, price: null, triggerPrices: null }),
      }),
    );
    expect(screen.getByText('LTV now').parentElement).toHaveTextContent('33.83%');
    expect(screen.queryByText('Not known')).not.toBeInTheDocument();
    expect(screen.queryByText(/your LTV is not known/)).not.toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Loan-to-value (LTV)' })).toHaveAttribute(
      'aria-valuenow',
      '33.83',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds collateral: the address with QR and copy, the coins needed, the LTV an amount gives', async () => {
    const user = userEvent.setup();
    renderHealth(marginCallLoan());
    await user.click(screen.getByRole('button', { name: 'Add collateral' }));
    const dialog = screen.getByRole('dialog', { name: 'Add collateral' });
    expect(within(dialog).getByText(DEPOSIT_ADDRESS)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Copy deposit address' }),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByRole(
        'img',
        { name: 'QR code of your loan’s deposit address' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Add at least 0.07733334 BTC to bring your LTV under the warning level of 75.00%',
    );
    const field = within(dialog).getByRole('textbox', { name: /Amount you will send \(BTC\)/ });
    expect(field).toHaveValue('0.07733334');
    // 1.07733334 BTC at $25,000 carry $20,200 at 74.99999 %: under the warning level.
    expect(dialog).toHaveTextContent('LTV after this deposit74.99% (Healthy)');
    await user.clear(field);
    await user.type(field, '0.02');
    // 1.02 BTC: 79.2157 %, still close to a margin call.
    expect(dialog).toHaveTextContent('LTV after this deposit79.21% (Close to a margin call)');
    await user.clear(field);
    await user.type(field, '0');
    expect(dialog).toHaveTextContent('Enter an amount of BTC above zero.');
    expect(dialog).not.toHaveTextContent('LTV after this deposit');
  });

  it('pays down: the payment panel opens with the amount to the warning level and its LTV', async () => {
    const user = userEvent.setup();
    renderHealth(marginCallLoan());
    await user.click(screen.getByRole('button', { name: 'Pay down your balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a payment' });
    const field = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect(field).toHaveValue('1450.01');
    // $1,450.01 clears the $150.36 interest first; $1,299.65 off $20,200 leaves $18,900.35 → 75.60 %.
    expect(dialog).toHaveTextContent('LTV now80.80%');
    expect(dialog).toHaveTextContent('LTV after this payment75.60% (Warning)');
    await user.clear(field);
    await user.type(field, '2000');
    // $1,849.64 off the balance leaves $18,350.36 → 73.40 %.
    expect(dialog).toHaveTextContent('LTV after this payment73.40% (Healthy)');
    expect(within(dialog).getByRole('button', { name: 'Pay $2,000.00' })).toBeInTheDocument();
  });

  it('offers no deposit when the loan has no deposit address', () => {
    renderHealth(servicingLoan({ risk: loanRisk({ depositAddress: null }) }));
    expect(screen.queryByRole('button', { name: 'Add collateral' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay down your balance' })).toBeInTheDocument();
  });
});

describe('LiquidationsSection', () => {
  it('shows what was sold, at what price, the 2 % fee, what was applied, the LTVs and why', () => {
    render(<LiquidationsSection loan={servicingLoan({ liquidations: [liquidation()] })} />);
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent(
      `Collateral sold · ${displayDateTime('2025-02-12T09:00:05.000Z')}`,
    );
    expect(item).toHaveTextContent(
      'Your LTV reached 96.19%, at or above the liquidation level of 90.00%.',
    );
    expect(item).toHaveTextContent('Sold0.96230200 BTC');
    expect(item).toHaveTextContent('Price per BTC$21,000.00');
    expect(item).toHaveTextContent('Proceeds$20,208.34');
    expect(item).toHaveTextContent('Processing fee (2%)$404.17');
    expect(item).toHaveTextContent('Applied to your loan$19,804.17');
    expect(item).toHaveTextContent('LTV before96.19%');
    expect(item).toHaveTextContent('LTV after50.00%');
    expect(item).toHaveTextContent('Sold on Sandbox exchange.');
    expect(item).not.toHaveTextContent('Returned to you');
  });

  it('explains a cure deadline that passed, a surplus, and an order still open', () => {
    const filled = liquidation();
    render(
      <LiquidationsSection
        loan={servicingLoan({
          liquidations: [
            liquidation({
              liquidationUuid: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
              status: 'OPEN',
              reason: 'CURE_DEADLINE_PASSED',
              ltvAtDecisionPct: 84.5,
              fill: null,
            }),
            liquidation({
              fill:
                filled.fill === null
                  ? null
                  : { ...filled.fill, surplusCents: 12_345, ltvAfterPct: null },
            }),
          ],
        })}
      />,
    );
    const [open, sold] = screen.getAllByRole('listitem');
    expect(open).toHaveTextContent('Liquidation under way');
    expect(open).toHaveTextContent(
      'The margin call was not cured within 48 hours; your LTV was 84.50%.',
    );
    expect(open).toHaveTextContent('To sell0.96230200 BTC');
    expect(sold).toHaveTextContent('Returned to you$123.45');
    expect(sold).toHaveTextContent('LTV afterNo collateral left');
  });

  it('shows nothing without liquidations', () => {
    const { container } = render(<LiquidationsSection loan={servicingLoan()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
