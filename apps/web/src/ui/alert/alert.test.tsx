import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './alert.js';

describe('Alert', () => {
  it('interrupts only for errors', () => {
    render(
      <>
        <Alert variant="info">Rates are fixed.</Alert>
        <Alert variant="warn">Higher than typical.</Alert>
        <Alert variant="success">Signed.</Alert>
        <Alert variant="error">Unable to load documents.</Alert>
      </>,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Unable to load documents.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('can be a polite status for a message that follows an action', () => {
    render(
      <Alert variant="success" isLive>
        Your documents are signed.
      </Alert>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Success: Your documents are signed.');
  });

  it.each([
    ['info', 'Information:'],
    ['warn', 'Warning:'],
    ['success', 'Success:'],
  ] as const)(
    'tells assistive technology the %s variant, not only by colour',
    (variant, prefix) => {
      render(
        <Alert variant={variant} title="Heads up">
          Body
        </Alert>,
      );
      expect(screen.getByText(prefix)).toHaveClass('visually-hidden');
    },
  );

  it('can be dismissed', async () => {
    const onDismiss = vi.fn();
    render(<Alert onDismiss={onDismiss}>A banner.</Alert>);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
