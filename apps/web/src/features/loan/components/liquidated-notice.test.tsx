import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TServicingLoan } from '@pledge/contract';
import { LOAN_UUID, liquidation, servicingLoan } from '../loan-test-data.js';
import { LoanContent } from './loan-view.js';

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const NOTHING_OWED = {
  principalCents: 0,
  originationFeeCents: 0,
  deferredInterestCents: 0,
  accruedInterestCents: 0,
  feesCents: 0,
  totalCents: 0,
};

function liquidated(overrides: Partial<TServicingLoan> = {}): TServicingLoan {
  return servicingLoan({
    status: 'LIQUIDATED',
    balances: NOTHING_OWED,
    collateral: { coinQuantity: '0.40000000', type: 'BTC' },
    nextPayment: null,
    liquidations: [liquidation()],
    ...overrides,
  });
}

const RELEASE_PAGE = `/account/crypto-backed-loan/${LOAN_UUID}/collateral-release`;

describe('the liquidated loan notice', () => {
  it('links to the release page when the sale left coins and nothing is owed', () => {
    render(<LoanContent loan={liquidated()} />, { wrapper: Providers });
    const notice = screen.getByText(/you owe nothing/);
    expect(notice.textContent).toContain('The sale left 0.4000 BTC: give us an address');
    const link = screen.getByRole('link', { name: 'Get your collateral back' });
    expect(link.getAttribute('href')).toBe(RELEASE_PAGE);
  });

  it.each<[string, Partial<TServicingLoan>]>([
    ['the sale took every coin', { collateral: { coinQuantity: '0', type: 'BTC' } }],
    ['something is still owed', { balances: { ...NOTHING_OWED, feesCents: 500, totalCents: 500 } }],
  ])('offers no release when %s', (_name, overrides) => {
    render(<LoanContent loan={liquidated(overrides)} />, { wrapper: Providers });
    expect(screen.getByText('Your collateral was sold to repay the loan.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get your collateral back' })).toBeNull();
  });
});
