import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';

/**
 * The confirmation of a money-moving action on the loan page: what will happen, the fields it
 * needs, and confirm / back, with the server's refusal shown in place. Without `confirmLabel` the
 * dialog only informs (a deferral that is refused) and offers back alone.
 */
export function LoanDialog({
  formId,
  title,
  description,
  confirmLabel,
  isPending,
  error,
  onClose,
  onSubmit,
  children,
}: {
  formId: string;
  title: string;
  description?: string;
  confirmLabel: string | null;
  isPending: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          {confirmLabel !== null && (
            <Button type="submit" form={formId} isLoading={isPending}>
              {confirmLabel}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        {children}
        {error !== null && (
          <Alert variant="error" title="That did not go through">
            {error}
          </Alert>
        )}
      </form>
    </Modal>
  );
}
