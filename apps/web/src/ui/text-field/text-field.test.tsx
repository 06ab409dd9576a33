import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field.js';

describe('TextField', () => {
  it('labels the input and links its hint', () => {
    render(<TextField label="Wallet address" description="Up to 44 characters." />);
    const input = screen.getByRole('textbox', { name: 'Wallet address' });
    expect(input).toHaveAccessibleDescription('Up to 44 characters.');
    expect(input).not.toBeInvalid();
  });

  it('when invalid says "Error" before the message to assistive technology', () => {
    render(
      <TextField
        label="Routing number"
        description="9 digits"
        error="Invalid routing number"
        defaultValue="123"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Routing number' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('9 digits Error: Invalid routing number');
    expect(screen.getByText('Error:')).toHaveClass('visually-hidden');
  });

  it.each([
    ['required', { isRequired: true }, (input: HTMLElement) => expect(input).toBeRequired()],
    ['disabled', { isDisabled: true }, (input: HTMLElement) => expect(input).toBeDisabled()],
    [
      'read-only',
      { isReadOnly: true },
      (input: HTMLElement) => expect(input).toHaveAttribute('readonly'),
    ],
  ])('can be %s', (_, props, check) => {
    render(<TextField label="Last name" {...props} />);
    check(screen.getByRole('textbox', { name: 'Last name' }));
  });

  it('shows a Required tag that assistive technology skips (the input says required)', () => {
    render(<TextField label="Last name" isRequired />);
    expect(screen.getByText('Required')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toBeRequired();
  });

  it('keeps prefix and suffix out of the accessible name', () => {
    render(<TextField label="Collateral amount (BTC)" prefix="≈" suffix="BTC" />);
    expect(screen.getByRole('textbox', { name: 'Collateral amount (BTC)' })).toBeInTheDocument();
    expect(screen.getByText('BTC')).toHaveAttribute('aria-hidden', 'true');
  });
});
