import { useState, type ReactNode } from 'react';
import { Button, type TButtonVariant } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';

/** A button that opens a modal with an explanation or a list (the modals of document 2 §2). */
export function ModalButton({
  label,
  title,
  children,
  variant = 'link',
  className,
}: {
  /** The button's text; may carry visually hidden words that say what it opens. */
  label: ReactNode;
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
      </Button>
      <Modal isOpen={isOpen} onClose={() => setIsOpen(false)} title={title}>
        {children}
      </Modal>
    </>
  );
}
