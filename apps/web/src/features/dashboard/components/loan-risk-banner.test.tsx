import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TLoanStatus } from '@pledge/contract';
import { displayDateTime } from '../../loan/loan-dates.js';
import { loanHealthSummary, loansAtRisk } from '../loan-health.js';
import { LoanRiskBanners } from './loan-risk-banner.js';

const LOAN_UUID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A funded $20,200 loan on 1 BTC of the 8.91 % tier (75 / 80 / 90). */
function loanStatus(overrides: Partial<TLoanStatus> = {}): TLoanStatus {
  return {
    appUuid: LOAN_UUID,
    loanUuid: LOAN_UUID,
    loanType: 'NEW_LOAN',
    state: 'COMPLETE',
    stage: 'FINAL',
    principalAmount: 20_000,
    interestRate: 8.91,
    annualPercentageRate: 9.823,
    collateral: { coinQuantity: '1.000000', type: 'BTC' },
    fundedAt: '2025-01-10T12:00:00.000Z',
    maturityDate: '2026-01-10',
    status: 'ACTIVE',
    principal: 20_200,
    ltv: 33.92,
    warningLtv: 75,
    marginCallLtv: 80,
    liquidationLtv: 90,
    marginCallPrice: 25_250,
    liquidationPrice: 22_444.44,
    cureDeadline: null,
    profile: { isServicedViaApp: false },
    ...overrides,
  };
}

describe('loanHealthSummary', () => {
  it.each([
    [33.92, 'ACTIVE' as const, 'NONE'],
    [75, 'ACTIVE' as const, 'WARNING'],
    [76, 'ACTIVE' as const, 'COURTESY_NOTICE'],
    [80.8, 'MARGIN_CALL' as const, 'MARGIN_CALL'],
    // A margin call lasts until the server says it is cured.
    [77, 'MARGIN_CALL' as const, 'MARGIN_CALL'],
    [90, 'MARGIN_CALL' as const, 'LIQUIDATION'],
  ])('LTV %d while %s is %s', (ltv, status, level) => {
    expect(loanHealthSummary(loanStatus({ ltv, status }))?.level).toBe(level);
  });

  it('says the level the server gives (the loan page’s own), whatever the LTV alone would say', () => {
    // A matured loan at 98 %: the dashboard and the loan page both say the liquidation level.
    expect(
      loanHealthSummary(loanStatus({ status: 'MATURED', ltv: 98, riskLevel: 'LIQUIDATION' })),
    ).toEqual({ ltvPct: 98, level: 'LIQUIDATION' });
    // The margin call of a matured loan (its cure deadline set) holds until the server cures it.
    expect(
      loanHealthSummary(
        loanStatus({ status: 'MATURED', ltv: 70, cureDeadline: '2026-01-12T10:00:00.000Z' }),
      )?.level,
    ).toBe('MARGIN_CALL');
    expect(
      loanHealthSummary(loanStatus({ status: 'ACTIVE', ltv: 76.4, riskLevel: 'MARGIN_CALL' }))
        ?.level,
    ).toBe('MARGIN_CALL');
  });

  it('has none for a closed loan or an unknown LTV', () => {
    expect(loanHealthSummary(loanStatus({ status: 'PAID_OFF' }))).toBeNull();
    expect(loanHealthSummary(loanStatus({ ltv: null }))).toBeNull();
    expect(loanHealthSummary(loanStatus({ status: undefined }))).toBeNull();
  });

  it('puts the most urgent loan first and leaves healthy ones out', () => {
    const loans = [
      loanStatus({ appUuid: 'a', ltv: 75.5 }),
      loanStatus({ appUuid: 'b', ltv: 20 }),
      loanStatus({ appUuid: 'c', ltv: 81, status: 'MARGIN_CALL' }),
    ];
    expect(loansAtRisk(loans).map(({ loan }) => loan.appUuid)).toEqual(['c', 'a']);
  });
});

function renderBanners(loans: TLoanStatus[]) {
  return render(
    <MemoryRouter>
      <LoanRiskBanners loans={loans} />
    </MemoryRouter>,
  );
}

describe('LoanRiskBanners', () => {
  it('shows nothing while every loan is healthy', () => {
    const { container } = renderBanners([loanStatus()]);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    [75.5, 'has passed the warning level'],
    [77.25, 'is close to a margin call'],
  ])('warns at an LTV of %d with the numbers and a link to the loan', (ltv, words) => {
    renderBanners([loanStatus({ ltv })]);
    const banner = screen.getByRole('region', { name: 'Loans that need your attention' });
    expect(banner).toHaveTextContent(`Your loan of $20,000.00 ${words}`);
    expect(banner).toHaveTextContent(
      `Its LTV is ${ltv.toFixed(2)}%; a margin call starts at 80.00% (BTC at $25,250.00), and collateral is sold at 90.00% (BTC at $22,444.44).`,
    );
    expect(
      within(banner).getByRole('link', { name: 'Add collateral or pay down on your loan page' }),
    ).toHaveAttribute('href', `/account/crypto-backed-loan/loans/${LOAN_UUID}`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('alerts a margin call with its cure deadline', () => {
    const cureDeadline = '2999-02-13T15:00:00.000Z';
    renderBanners([loanStatus({ ltv: 80.8, status: 'MARGIN_CALL', cureDeadline })]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your loan of $20,000.00 is in a margin call',
    );
    expect(screen.getByText(/hours \d+ minutes? left$/)).toBeInTheDocument();
    expect(screen.getByText(displayDateTime(cureDeadline), { selector: 'time' })).toHaveAttribute(
      'datetime',
      cureDeadline,
    );
  });
});
