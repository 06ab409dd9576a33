import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.js';

// jsdom has no showModal()/close(); these do to the element what the browser does: set or remove
// the open attribute, and fire 'close' when it closes.
const showModal = vi.fn(function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
});
const close = vi.fn(function (this: HTMLDialogElement) {
  if (!this.hasAttribute('open')) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
});

beforeEach(() => {
  showModal.mockClear();
  close.mockClear();
  Object.assign(HTMLDialogElement.prototype, { showModal, close });
});

afterEach(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});

function renderModal(isOpen: boolean, onClose = vi.fn()) {
  const view = render(
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Please confirm info"
      description="Check the account before the loan is paid into it."
      footer={<button type="button">Confirm</button>}
    >
      <p>Routing number 011000015</p>
    </Modal>,
  );
  return { ...view, onClose };
}

describe('Modal', () => {
  it('opens as a modal dialog named by its title and described by its description', () => {
    renderModal(true);
    expect(showModal).toHaveBeenCalledOnce();
    const dialog = screen.getByRole('dialog', { name: 'Please confirm info' });
    expect(dialog).toHaveAccessibleDescription(
      'Check the account before the loan is paid into it.',
    );
    expect(screen.getByText('Routing number 011000015')).toBeInTheDocument();
  });

  it('stays closed until asked, then closes when told', () => {
    const onClose = vi.fn();
    const { rerender } = render(<Modal isOpen={false} onClose={onClose} title="Learn more" />);
    expect(showModal).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(<Modal isOpen onClose={onClose} title="Learn more" />);
    expect(screen.getByRole('dialog', { name: 'Learn more' })).toBeInTheDocument();
    rerender(<Modal isOpen={false} onClose={onClose} title="Learn more" />);
    expect(close).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the close button closes it and reports the close', async () => {
    const { onClose } = renderModal(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('reports a close made by the browser (Escape)', () => {
    const { onClose } = renderModal(true);
    const dialog = screen.getByRole('dialog');
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
