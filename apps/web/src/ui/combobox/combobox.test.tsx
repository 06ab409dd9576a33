import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type TComboboxOption } from './combobox.js';

const STATES: TComboboxOption[] = [
  { id: 'CA', label: 'California' },
  { id: 'CO', label: 'Colorado' },
  { id: 'NY', label: 'New York' },
  { id: 'OH', label: 'Ohio' },
];

function optionNames(): string[] {
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('Combobox', () => {
  it('is a labelled combobox that lists the options matching what is typed', async () => {
    const user = userEvent.setup();
    render(<Combobox label="State" options={STATES} description="Type to filter." />);
    const input = screen.getByRole('combobox', { name: 'State' });
    expect(input).toHaveAccessibleDescription('Type to filter.');
    await user.type(input, 'co');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual(['Colorado']);
  });

  it('chooses an option with the keyboard and reports its id', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(<Combobox label="State" options={STATES} onSelectionChange={onSelectionChange} />);
    const input = screen.getByRole('combobox', { name: 'State' });
    await user.type(input, 'new');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelectionChange).toHaveBeenLastCalledWith('NY');
    expect(input).toHaveValue('New York');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the selected option as selected when the list opens', async () => {
    const user = userEvent.setup();
    render(<Combobox label="State" options={STATES} defaultSelectedId="OH" />);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Ohio');
    await user.click(screen.getByRole('button', { name: /State/ }));
    expect(screen.getByRole('option', { name: 'Ohio' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows server suggestions as given, and says when it is loading or found none', async () => {
    const user = userEvent.setup();
    function AddressLookup({ isLoading }: { isLoading: boolean }) {
      const [text, setText] = useState('');
      const suggestions =
        text.length < 3 ? [] : [{ id: '1', label: `${text} Main St, Columbus OH` }];
      return (
        <Combobox
          label="Home address"
          options={isLoading ? [] : suggestions}
          filtering="server"
          inputValue={text}
          onInputChange={setText}
          allowsCustomValue
          isLoading={isLoading}
        />
      );
    }
    const { rerender } = render(<AddressLookup isLoading />);
    const input = screen.getByRole('combobox', { name: 'Home address' });
    await user.type(input, '12 ');
    expect(within(screen.getByRole('listbox')).getByText('Loading…')).toBeInTheDocument();
    rerender(<AddressLookup isLoading={false} />);
    expect(optionNames()).toEqual(['12  Main St, Columbus OH']);
    await user.clear(input);
    await user.type(input, 'z');
    expect(within(screen.getByRole('listbox')).getByText('No matches')).toBeInTheDocument();
  });

  it('opens the list when suggestions arrive after a scroll closed it while they loaded', async () => {
    const user = userEvent.setup();
    const BROAD_ST = [{ id: '0', label: '108 E Broad St, Columbus OH' }];
    function AddressLookup(props: {
      suggestions: TComboboxOption[];
      isLoading: boolean;
      suggestionsFor?: string;
    }) {
      const [text, setText] = useState('');
      return (
        <Combobox
          label="Home address"
          options={props.suggestions}
          filtering="server"
          inputValue={text}
          onInputChange={setText}
          allowsCustomValue
          isLoading={props.isLoading}
          suggestionsFor={props.suggestionsFor}
        />
      );
    }
    const { rerender } = render(<AddressLookup suggestions={[]} isLoading />);
    const input = screen.getByRole('combobox', { name: 'Home address' });
    await user.type(input, '108 E Broad');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.scroll(window);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    rerender(<AddressLookup suggestions={BROAD_ST} isLoading={false} />);
    expect(input).toHaveFocus();
    expect(optionNames()).toEqual(['108 E Broad St, Columbus OH']);

    // Escape closes it: the same suggestions given again do not reopen it...
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    rerender(<AddressLookup suggestions={BROAD_ST} isLoading={false} />);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // ...while a finished load does, even when it brings the suggestions already shown.
    rerender(<AddressLookup suggestions={BROAD_ST} isLoading />);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    rerender(<AddressLookup suggestions={BROAD_ST} isLoading={false} />);
    expect(optionNames()).toEqual(['108 E Broad St, Columbus OH']);
    // ...and so does the answer to a newly settled text, already at hand.
    await user.keyboard('{Escape}');
    rerender(
      <AddressLookup suggestions={BROAD_ST} isLoading={false} suggestionsFor="108 E Broad" />,
    );
    expect(optionNames()).toEqual(['108 E Broad St, Columbus OH']);

    // Once one is chosen, the suggestions for its text leave the list closed.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('108 E Broad St, Columbus OH');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    rerender(<AddressLookup suggestions={BROAD_ST} isLoading />);
    rerender(<AddressLookup suggestions={[{ id: '0', label: 'Another' }]} isLoading={false} />);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('when required and invalid says so, with the message after a hidden "Error:"', () => {
    render(<Combobox label="State" options={STATES} isRequired error="Please select an option" />);
    const input = screen.getByRole('combobox', { name: 'State' });
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Error: Please select an option');
  });

  it('can be disabled or read-only', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Combobox label="Disabled state" options={STATES} isDisabled />
        <Combobox label="Read-only state" options={STATES} defaultSelectedId="CA" isReadOnly />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Disabled state' })).toBeDisabled();
    const readOnly = screen.getByRole('combobox', { name: 'Read-only state' });
    expect(readOnly).toHaveAttribute('readonly');
    await user.type(readOnly, 'x');
    expect(readOnly).toHaveValue('California');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
