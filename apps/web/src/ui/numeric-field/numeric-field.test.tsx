import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_CLEAR_MS } from '@pledge/domain';
import { NumericField } from './numeric-field.js';

describe('NumericField', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the decimal keypad on phones', () => {
    render(<NumericField label="Collateral amount" />);
    expect(screen.getByRole('textbox', { name: 'Collateral amount' })).toHaveAttribute(
      'inputmode',
      'decimal',
    );
  });

  it('takes up to 6 decimals and refuses the 7th', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<NumericField label="Collateral amount" onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Collateral amount' });
    await user.type(input, '1.1234567');
    expect(input).toHaveValue('1.123456');
    expect(onValueChange).toHaveBeenLastCalledWith('1.123456');
  });

  it('tells screen readers why an edit was refused, for LIVE_REGION_CLEAR_MS', () => {
    vi.useFakeTimers();
    render(<NumericField label="Collateral amount" defaultValue="1.123456" />);
    const input = screen.getByRole('textbox', { name: 'Collateral amount' });
    fireEvent.change(input, { target: { value: '1.1234567' } });
    expect(input).toHaveValue('1.123456');
    expect(screen.getByRole('status')).toHaveTextContent('Maximum of 6 decimal places.');
    act(() => {
      vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS - 1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Maximum of 6 decimal places.');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('allows commas only for cash amounts', async () => {
    const user = userEvent.setup();
    render(
      <>
        <NumericField label="Cash to borrow" allowCommas maxDecimals={2} />
        <NumericField label="Collateral amount" />
      </>,
    );
    const cash = screen.getByRole('textbox', { name: 'Cash to borrow' });
    const coins = screen.getByRole('textbox', { name: 'Collateral amount' });
    await user.type(cash, '20,000.505');
    expect(cash).toHaveValue('20,000.50');
    await user.type(coins, '2,5');
    // A decimal comma (some phones' decimal keypads type one) is taken as the point.
    expect(coins).toHaveValue('2.5');
  });

  it.each([
    ['0.12345678', {}, '0.123456', 'Maximum of 6 decimal places.'],
    ['1,5', {}, '1.5', null],
    ['20 000', { allowCommas: true, maxDecimals: 2 }, '20000', null],
    ['$20,000', { allowCommas: true, maxDecimals: 2 }, '20,000', null],
    ['$20,000', {}, '20000', null],
    ['1e3', {}, '', 'Enter an Amount'],
  ])('takes a paste of %j (%j) as %j and says %j on screen', async (pasted, rules, taken, said) => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<NumericField label="Amount" onValueChange={onValueChange} {...rules} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue(taken);
    if (taken !== '') expect(onValueChange).toHaveBeenLastCalledWith(taken);
    else expect(onValueChange).not.toHaveBeenCalled();
    if (said === null) {
      expect(input).not.toHaveAccessibleDescription();
    } else {
      // On screen under the field, tied to it, and said by the live region.
      expect(screen.getByText(said, { selector: '.field__notice' })).toBeVisible();
      expect(input).toHaveAccessibleDescription(said);
      expect(screen.getByRole('status')).toHaveTextContent(said);
    }
  });

  it('refuses exponent notation typed in ("1e3" is not 13) and says why until the next edit', async () => {
    const user = userEvent.setup();
    render(<NumericField label="Amount" />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(input, '1e');
    expect(input).toHaveValue('1');
    expect(screen.getByText('Enter an Amount', { selector: '.field__notice' })).toBeVisible();
    await user.type(input, '3');
    expect(input).toHaveValue('13');
    expect(input).not.toHaveAccessibleDescription();
  });

  it('shows the 7th decimal refused on screen, after the live region has cleared', async () => {
    vi.useFakeTimers();
    render(<NumericField label="Collateral amount" defaultValue="1.123456" />);
    const input = screen.getByRole('textbox', { name: 'Collateral amount' });
    fireEvent.change(input, { target: { value: '1.1234567' } });
    act(() => {
      vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS * 10);
    });
    expect(input).toHaveValue('1.123456');
    expect(
      screen.getByText('Maximum of 6 decimal places.', { selector: '.field__notice' }),
    ).toBeVisible();
    expect(input).toHaveAccessibleDescription('Maximum of 6 decimal places.');
  });

  it('refuses letters and keeps the caret where it was', async () => {
    const user = userEvent.setup();
    render(<NumericField label="Collateral amount" defaultValue="125" />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Collateral amount' });
    input.setSelectionRange(1, 1);
    await user.type(input, 'x', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input).toHaveValue('125');
    expect(input.selectionStart).toBe(1);
  });

  it('follows a controlled value', () => {
    const { rerender } = render(<NumericField label="Amount" value="1" />);
    rerender(<NumericField label="Amount" value="2.5" />);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('2.5');
  });

  it('passes invalid, disabled and read-only on to the input', () => {
    render(
      <>
        <NumericField label="A" error="Enter an Amount" />
        <NumericField label="B" isDisabled />
        <NumericField label="C" isReadOnly />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'A' })).toHaveAccessibleDescription(
      'Error: Enter an Amount',
    );
    expect(screen.getByRole('textbox', { name: 'B' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'C' })).toHaveAttribute('readonly');
  });
});
