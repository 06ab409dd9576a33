import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select.js';

const OPTIONS = [
  { value: 'BTC', label: 'Bitcoin' },
  { value: 'ETH', label: 'Ethereum' },
  { value: 'SOL', label: 'Solana', isDisabled: true },
];

describe('Select', () => {
  it('is a labelled native select with its placeholder first', () => {
    render(<Select label="Collateral type" placeholder="Select a coin" options={OPTIONS} />);
    const select = screen.getByRole('combobox', { name: 'Collateral type' });
    expect(select.tagName).toBe('SELECT');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a coin',
      'Bitcoin',
      'Ethereum',
      'Solana',
    ]);
    expect(screen.getByRole('option', { name: 'Solana' })).toBeDisabled();
  });

  it('reports the chosen value and shows it as selected', async () => {
    const onValueChange = vi.fn();
    render(
      <Select
        label="Collateral type"
        placeholder="Select a coin"
        options={OPTIONS}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox'), 'ETH');
    expect(onValueChange).toHaveBeenCalledWith('ETH');
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Ethereum' }).selected).toBe(true);
  });

  it('when invalid and required links the message after a hidden "Error:"', () => {
    render(
      <Select
        label="State"
        placeholder="Select a state"
        options={OPTIONS}
        isRequired
        error="Please select an option"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select).toBeRequired();
    expect(select).toBeInvalid();
    expect(select).toHaveAccessibleDescription('Error: Please select an option');
  });

  it('can be disabled', () => {
    render(<Select label="Collateral type" options={OPTIONS} isDisabled />);
    expect(screen.getByRole('combobox', { name: 'Collateral type' })).toBeDisabled();
  });

  it('read-only shows the chosen label in a read-only input and still submits the value', () => {
    const { container } = render(
      <Select
        label="Collateral type"
        options={OPTIONS}
        value="ETH"
        name="collateralType"
        isReadOnly
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Collateral type' });
    expect(input).toHaveValue('Ethereum');
    expect(input).toHaveAttribute('readonly');
    expect(container.querySelector('input[type="hidden"][name="collateralType"]')).toHaveValue(
      'ETH',
    );
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
