import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { servicingLoan } from '../loan-test-data.js';
import { LoanContent } from './loan-view.js';
import { TestProviders } from '../../../test/providers.js';

describe('the loan’s terms', () => {
  it('show the LTV the loan started at as the server gives it, to 2 decimals', () => {
    render(<LoanContent loan={servicingLoan({ initialLtvPct: 74.07 })} />, {
      wrapper: TestProviders,
    });
    const terms = screen.getByRole('region', { name: 'Your loan' });
    const start = within(terms).getByText('LTV at the start').closest('div');
    expect(start).toHaveTextContent('LTV at the start74.07%');
  });
});
