import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOASTS_MAX_VISIBLE } from '@pledge/domain';
import { createToastQueue } from './toast-queue.js';
import { ToastRegion } from './toast-region.js';

describe('ToastRegion', () => {
  it('shows nothing while the queue is empty', () => {
    render(<ToastRegion queue={createToastQueue()} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows a toast with its title and description in a named region', () => {
    const queue = createToastQueue();
    render(<ToastRegion queue={queue} />);
    act(() => {
      queue.add({ title: 'Offer saved', description: 'Your offer is locked.', variant: 'success' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    const toast = within(region).getByRole('alertdialog');
    expect(toast).toHaveTextContent('Offer saved');
    expect(toast).toHaveTextContent('Your offer is locked.');
    expect(toast).toHaveClass('toast--success');
  });

  it(`shows at most ${TOASTS_MAX_VISIBLE} at once; closing one lets the next in`, async () => {
    const queue = createToastQueue();
    render(<ToastRegion queue={queue} />);
    act(() => {
      for (let index = 1; index <= TOASTS_MAX_VISIBLE + 2; index += 1) {
        queue.add({ title: `Message ${index}` });
      }
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(TOASTS_MAX_VISIBLE);
    const [first] = screen.getAllByRole('alertdialog');
    if (first === undefined) throw new Error('no toast');
    const hiddenTitles = ['Message 1', 'Message 2'];
    for (const title of hiddenTitles) expect(screen.queryByText(title)).not.toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Close' }));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(TOASTS_MAX_VISIBLE);
    expect(screen.getByText('Message 2')).toBeInTheDocument();
  });
});
