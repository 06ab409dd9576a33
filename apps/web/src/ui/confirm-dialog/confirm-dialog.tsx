import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../alert/alert.js';
import { Button } from '../button/button.js';
import { Modal } from '../modal/modal.js';

export interface TConfirmDialogProps {
  formId: string;
  title: string;
  description?: string;
  /** The confirming button; null when the dialog only informs (a refused deferral) and offers Back. */
  confirmLabel: string | null;
  isPending: boolean;
  /** The server's refusal, shown in place under the fields; null when there is none. */
  error: string | null;
  errorTitle?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * What the confirmation came to when it is not done at once (a proposal a second agent approves):
   * shown in place of the form, with Done alone, until it is closed.
   */
  outcome?: ReactNode;
  children?: ReactNode;
}

/**
 * Every confirmation, the borrower's and the agent's: the question, what follows from it, the
 * fields it needs, and confirm / back, with the server's refusal shown in place.
 */
export function ConfirmDialog({
  formId,
  title,
  description,
  confirmLabel,
  isPending,
  error,
  errorTitle = 'That did not go through',
  onClose,
  onSubmit,
  outcome = null,
  children,
}: TConfirmDialogProps) {
  const isDone = outcome !== null;
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      description={description}
      footer={
        isDone ? (
          <Button
            variant="secondary"
            onClick={(event) => {
              // A double click on the confirm button lands its second click here, where Done
              // now stands: it must not close the outcome before it is read.
              if (event.detail <= 1) onClose();
            }}
          >
            Done
          </Button>
        ) : (
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
        )
      }
    >
      {isDone ? (
        outcome
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit}>
          {children}
          {error !== null && (
            <Alert variant="error" title={errorTitle}>
              {error}
            </Alert>
          )}
        </form>
      )}
    </Modal>
  );
}
