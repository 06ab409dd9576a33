import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.js';
import { OpsConfirmDialog, type TOpsCall } from './ops-confirm-dialog.js';
import { OpsDetailPanel, type TOpsDetail } from './ops-detail-panel.js';
import { OpsSection } from './ops-facts.js';

type TLoan = { id: string; balance: string; isOpen: boolean };

const LOAN: TLoan = { id: 'L-1', balance: '$1,000.00', isOpen: true };

function Wire({ onClose, onRecord }: { onClose: () => void; onRecord: () => void }) {
  const [error, setError] = useState<Error | null>(null);
  const record: TOpsCall<object, string> = {
    isPending: false,
    error,
    data: undefined,
    mutateAsync: () => {
      onRecord();
      const refusal = new Error('The loan is closed');
      setError(refusal);
      return Promise.reject(refusal);
    },
  };
  return (
    <OpsConfirmDialog
      formId="test-record-wire"
      title="Record a wire?"
      description="It is credited to the loan."
      confirmLabel="Record wire"
      call={record}
      argsOf={() => ({})}
      onDone={onClose}
      onClose={onClose}
    />
  );
}

function loanDetail(loan: TLoan, onRecord: () => void): TOpsDetail {
  return {
    title: `Loan ${loan.id}`,
    facts: [
      ['Balance', loan.balance],
      ['Matures', null],
    ],
    actions: [
      {
        id: 'record-wire',
        label: 'Record a wire',
        isPrimary: true,
        confirm: (onClose) => <Wire onClose={onClose} onRecord={onRecord} />,
      },
      {
        id: 'write-off',
        label: 'Write off',
        hold: loan.isOpen ? 'Only a closed loan can be written off.' : null,
        confirm: () => null,
      },
    ],
    actionsNote: 'Every action is kept in the audit trail.',
    sections: (
      <>
        <OpsSection id="payments" title="Payments">
          <p>No payments yet.</p>
        </OpsSection>
        <OpsSection id="ledger" title="Ledger">
          <p>No ledger entries.</p>
        </OpsSection>
      </>
    ),
  };
}

type TQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: TLoan | undefined;
  refetch: () => unknown;
};

const LOADED: TQuery = {
  isPending: false,
  isError: false,
  error: null,
  data: LOAN,
  refetch: vi.fn(),
};

function renderPanel(query: TQuery, onRecord = vi.fn()) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <OpsDetailPanel
        query={query}
        noun="loan"
        id="L-404"
        back={{ href: '/ops/loans', label: 'All loans' }}
        detail={(loan) => loanDetail(loan, onRecord)}
      />
    </MemoryRouter>,
  );
  return { user, onRecord };
}

describe('the console detail panel', () => {
  it('shows the record’s title, facts, actions and sections, with the way back', () => {
    renderPanel(LOADED);
    expect(screen.getByRole('link', { name: 'All loans' })).toHaveAttribute('href', '/ops/loans');
    expect(screen.getByRole('heading', { level: 1, name: 'Loan L-1' })).toBeVisible();
    expect(screen.getByText('Balance').nextElementSibling).toHaveTextContent('$1,000.00');
    expect(screen.getByText('Matures').nextElementSibling).toHaveTextContent('—');
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Actions', 'Payments', 'Ledger']);
    expect(screen.getByRole('region', { name: 'Ledger' })).toHaveTextContent('No ledger entries.');
    expect(screen.getByRole('region', { name: 'Actions' })).toHaveTextContent(
      'Every action is kept in the audit trail.',
    );
  });

  it('disables an action the record does not allow, saying why', () => {
    renderPanel(LOADED);
    const actions = screen.getByRole('region', { name: 'Actions' });
    const writeOff = within(actions).getByRole('button', { name: 'Write off' });
    expect(writeOff).toBeDisabled();
    expect(writeOff).toHaveAccessibleDescription('Only a closed loan can be written off.');
    expect(writeOff).not.toHaveAttribute('aria-haspopup');
    const wire = within(actions).getByRole('button', { name: 'Record a wire' });
    expect(wire).toBeEnabled();
    expect(wire).toHaveAttribute('aria-haspopup', 'dialog');
    expect(wire).not.toHaveClass('button--secondary');
    expect(writeOff).toHaveClass('button--secondary');
  });

  it('opens an action’s confirmation, shows its refusal in place, and closes it with Back', async () => {
    const { user, onRecord } = renderPanel(LOADED);
    await user.click(screen.getByRole('button', { name: 'Record a wire' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a wire?' });
    expect(dialog).toHaveAccessibleDescription('It is credited to the loan.');
    expect(onRecord).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Record wire' }));
    expect(onRecord).toHaveBeenCalledOnce();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Record wire failed');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The loan is closed');

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says it is loading, with the way back', () => {
    renderPanel({ ...LOADED, isPending: true, data: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the loan…');
    expect(screen.getByRole('link', { name: 'All loans' })).toBeVisible();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('says when no record has the id', () => {
    const notFound = new ApiError({
      status: 404,
      statusText: 'Not Found',
      message: 'Loan not found',
      body: null,
    });
    renderPanel({ ...LOADED, isError: true, error: notFound, data: undefined });
    expect(screen.getByRole('heading', { level: 1, name: 'Loan not found' })).toBeVisible();
    expect(screen.getByText('No loan has the id L-404.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows why it could not load, with a way to try again', async () => {
    const refetch = vi.fn();
    const { user } = renderPanel({
      ...LOADED,
      isError: true,
      error: new Error('The server is down'),
      data: undefined,
      refetch,
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'The loan could not be loaded' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The server is down');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
