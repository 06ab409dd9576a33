import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './radio-group.js';

const OPTIONS = [
  { value: 'CUSTODIAL', label: 'Custodial' },
  { value: 'SELF_HOSTED', label: 'Self-hosted', description: 'A wallet only you control' },
];

describe('RadioGroup', () => {
  it('is a named radio group whose options describe themselves', () => {
    render(<RadioGroup label="Wallet type" name="wallet" options={OPTIONS} />);
    expect(screen.getByRole('radiogroup', { name: 'Wallet type' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Self-hosted' })).toHaveAccessibleDescription(
      'A wallet only you control',
    );
  });

  it('selects on click and reports the value', async () => {
    const onValueChange = vi.fn();
    render(
      <RadioGroup
        label="Wallet type"
        name="wallet"
        options={OPTIONS}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByText('Self-hosted'));
    expect(screen.getByRole('radio', { name: 'Self-hosted' })).toBeChecked();
    expect(onValueChange).toHaveBeenCalledWith('SELF_HOSTED');
  });

  it('shows a controlled selection', () => {
    render(<RadioGroup label="Wallet type" name="wallet" options={OPTIONS} value="CUSTODIAL" />);
    expect(screen.getByRole('radio', { name: 'Custodial' })).toBeChecked();
  });

  it('when required and invalid says so on the group', () => {
    render(
      <RadioGroup
        label="Wallet type"
        name="wallet"
        options={OPTIONS}
        isRequired
        error="Please select an option"
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Wallet type' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Error: Please select an option');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeRequired();
  });

  it('read-only keeps the selection', async () => {
    const onValueChange = vi.fn();
    render(
      <RadioGroup
        label="Wallet type"
        name="wallet"
        options={OPTIONS}
        defaultValue="CUSTODIAL"
        isReadOnly
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Self-hosted' }));
    expect(screen.getByRole('radio', { name: 'Custodial' })).toBeChecked();
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-readonly', 'true');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('disabled disables every option', () => {
    render(<RadioGroup label="Wallet type" name="wallet" options={OPTIONS} isDisabled />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
