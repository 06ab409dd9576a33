import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TServicingLoan } from '@pledge/contract';
import { ZERO_BALANCES } from '@pledge/domain';
import { LOAN_UUID, liquidation, servicingLoan } from '../loan-test-data.js';
import { LoanContent } from './loan-view.js';
import { TestProviders } from '../../../test/providers.js';

function liquidated(overrides: Partial<TServicingLoan> = {}): TServicingLoan {
  return servicingLoan({
    status: 'LIQUIDATED',
    balances: ZERO_BALANCES,
    collateral: { coinQuantity: '0.40000000', type: 'BTC' },
    nextPayment: null,
    liquidations: [liquidation()],
    ...overrides,
  });
}

const RELEASE_PAGE = `/account/crypto-backed-loan/${LOAN_UUID}/collateral-release`;

describe('the liquidated loan notice', () => {
  it('links to the release page when the sale left coins and nothing is owed', () => {
    render(<LoanContent loan={liquidated()} />, { wrapper: TestProviders });
    const notice = screen.getByText(/you owe nothing/);
    expect(notice.textContent).toContain('The sale left 0.4000 BTC: give us an address');
    const link = screen.getByRole('link', { name: 'Get your collateral back' });
    expect(link.getAttribute('href')).toBe(RELEASE_PAGE);
  });

  it.each<[string, Partial<TServicingLoan>]>([
    ['the sale took every coin', { collateral: { coinQuantity: '0', type: 'BTC' } }],
    [
      'something is still owed',
      { balances: { ...ZERO_BALANCES, feesCents: 500, totalCents: 500 } },
    ],
  ])('offers no release when %s', (_name, overrides) => {
    render(<LoanContent loan={liquidated(overrides)} />, { wrapper: TestProviders });
    expect(screen.getByText('Your collateral was sold to repay the loan.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get your collateral back' })).toBeNull();
  });
});
