import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, type TRadioGroupProps } from './radio-group.js';

const OPTIONS = [
  { value: 'CUSTODIAL', label: 'Custodial' },
  { value: 'SELF_HOSTED', label: 'Self-hosted', description: 'A wallet only you control' },
];

/** The wallet-type group, with the props a test sets. */
function renderWalletType(props: Partial<TRadioGroupProps> = {}) {
  return render(<RadioGroup label="Wallet type" name="wallet" options={OPTIONS} {...props} />);
}

describe('RadioGroup', () => {
  it('is a named radio group whose options describe themselves', () => {
    renderWalletType();
    expect(screen.getByRole('radiogroup', { name: 'Wallet type' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Self-hosted' })).toHaveAccessibleDescription(
      'A wallet only you control',
    );
  });

  it('selects on click and reports the value', async () => {
    const onValueChange = vi.fn();
    renderWalletType({ onValueChange });
    await userEvent.click(screen.getByText('Self-hosted'));
    expect(screen.getByRole('radio', { name: 'Self-hosted' })).toBeChecked();
    expect(onValueChange).toHaveBeenCalledWith('SELF_HOSTED');
  });

  it('shows a controlled selection', () => {
    renderWalletType({ value: 'CUSTODIAL' });
    expect(screen.getByRole('radio', { name: 'Custodial' })).toBeChecked();
  });

  it('when required and invalid says so on the group', () => {
    renderWalletType({ isRequired: true, error: 'Please select an option' });
    const group = screen.getByRole('radiogroup', { name: 'Wallet type' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Error: Please select an option');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeRequired();
  });

  it('read-only keeps the selection', async () => {
    const onValueChange = vi.fn();
    renderWalletType({ defaultValue: 'CUSTODIAL', isReadOnly: true, onValueChange });
    await userEvent.click(screen.getByRole('radio', { name: 'Self-hosted' }));
    expect(screen.getByRole('radio', { name: 'Custodial' })).toBeChecked();
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-readonly', 'true');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('disabled disables every option', () => {
    renderWalletType({ isDisabled: true });
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
