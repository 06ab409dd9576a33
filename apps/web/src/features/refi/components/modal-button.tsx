import { useState, type ReactNode } from 'react';
import { Button, type TButtonVariant } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';

/** A button that opens a modal with an explanation or a list (the modals of document 2 §2). */
export function ModalButton({
  label,
  hiddenLabel,
  title,
  children,
  variant = 'link',
  className,
}: {
  /** The button's text. */
  label: ReactNode;
  /** Words after the text that only a screen reader says, telling what the button opens. */
  hiddenLabel?: string;
  title: string;
  children: ReactNode;
  variant?: TButtonVariant;
  className?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        isFullWidth={false}
        aria-haspopup="dialog"
        className={className}
        onClick={() => setIsOpen(true)}
      >
        {label}
        {hiddenLabel !== undefined && <span className="visually-hidden">{hiddenLabel}</span>}
      </Button>
      <Modal isOpen={isOpen} onClose={() => setIsOpen(false)} title={title}>
        {children}
      </Modal>
    </>
  );
}
