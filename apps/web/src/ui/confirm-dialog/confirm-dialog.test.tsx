import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type TConfirmDialogProps } from './confirm-dialog.js';

function renderDialog(props: Partial<TConfirmDialogProps> = {}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const user = userEvent.setup();
  render(
    <ConfirmDialog
      formId="test-payoff"
      title="Pay off your loan"
      description="$1,000.00 is debited by ACH."
      confirmLabel="Pay off $1,000.00"
      isPending={false}
      error={null}
      onClose={onClose}
      onSubmit={onSubmit}
      {...props}
    >
      <p>Your loan closes once it is paid.</p>
    </ConfirmDialog>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Pay off your loan' });
  return { dialog, onClose, onSubmit, user };
}

describe('ConfirmDialog', () => {
  it('confirms through its form, and goes back without it', async () => {
    const { dialog, onClose, onSubmit, user } = renderDialog();
    expect(dialog).toHaveAccessibleDescription('$1,000.00 is debited by ACH.');
    expect(within(dialog).getByText('Your loan closes once it is paid.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Pay off $1,000.00' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the refusal in place, titled as the caller says or with its own words', () => {
    const { dialog } = renderDialog({ error: 'The bank refused the debit' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'That did not go throughThe bank refused the debit',
    );
  });

  it('only informs, with Back alone, without a confirming label', () => {
    const { dialog } = renderDialog({ confirmLabel: null });
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /Pay off/ })).toBeNull();
  });

  it('shows what the confirmation came to in place of the form, with Done alone', async () => {
    const { dialog, onClose, user } = renderDialog({
      outcome: <p>Proposed: a second agent approves it.</p>,
      error: 'Never shown',
    });
    expect(within(dialog).getByText('Proposed: a second agent approves it.')).toBeVisible();
    expect(within(dialog).queryByText('Your loan closes once it is paid.')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Pay off/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
