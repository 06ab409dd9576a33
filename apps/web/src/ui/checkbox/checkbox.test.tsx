import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.js';

const LABEL = 'I have sent the required amount of collateral';

describe('Checkbox', () => {
  it('toggles by label click and by Space, reporting the new state', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label={LABEL} onCheckedChange={onCheckedChange} />);
    const checkbox = screen.getByRole('checkbox', { name: LABEL });
    await user.click(screen.getByText(LABEL));
    expect(checkbox).toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    checkbox.focus();
    await user.keyboard(' ');
    expect(checkbox).not.toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('when required and invalid says so, with the message after a hidden "Error:"', () => {
    render(
      <Checkbox label={LABEL} isRequired error="Required" description="Before you continue" />,
    );
    const checkbox = screen.getByRole('checkbox', { name: LABEL });
    expect(checkbox).toBeRequired();
    expect(checkbox).toBeInvalid();
    expect(checkbox).toHaveAccessibleDescription('Before you continue Error: Required');
  });

  it('read-only keeps its state and says it is read-only', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(
      <Checkbox label="I agree" defaultChecked isReadOnly onCheckedChange={onCheckedChange} />,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I agree' });
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(checkbox).toHaveAttribute('aria-readonly', 'true');
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('can be disabled', () => {
    render(<Checkbox label="Updates" isDisabled />);
    expect(screen.getByRole('checkbox', { name: 'Updates' })).toBeDisabled();
  });
});
