import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName } from './button.js';

describe('Button', () => {
  it.each([
    ['primary', 'button'],
    ['secondary', 'button button--secondary'],
    ['link', 'button button--link button--fit'],
  ] as const)('styles the %s variant', (variant, classes) => {
    render(<Button variant={variant}>Continue</Button>);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('class', classes);
  });

  it('is a plain button unless told otherwise, so it never submits a form by accident', () => {
    render(<Button>Back</Button>);
    expect(screen.getByRole('button', { name: 'Back' })).toHaveAttribute('type', 'button');
  });

  it('runs its action when not loading', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Continue</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('while loading says it is busy, stays focusable and neither acts nor submits', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" isLoading onClick={onClick}>
          Submit
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    button.focus();
    expect(button).toHaveFocus();
  });

  it('gives links that look like buttons the same classes', () => {
    expect(buttonClassName({ variant: 'secondary', isFullWidth: false, className: 'extra' })).toBe(
      'button button--secondary button--fit extra',
    );
  });
});
