/**
 * Every console action is confirmed the same way: the question, what follows from it, the fields the
 * server needs, and confirm / back, with the server's refusal shown in place.
 */
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';
import { TextField } from '../../../ui/text-field/text-field.js';

export function OpsConfirmDialog({
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
  description: string;
  confirmLabel: string;
  isPending: boolean;
  error: Error | null;
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
          <Button type="submit" form={formId} isLoading={isPending}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        {children}
        {error !== null && (
          <Alert variant="error" title={`${confirmLabel} failed`}>
            {error.message}
          </Alert>
        )}
      </form>
    </Modal>
  );
}

/** The reason an agent gives for an action, kept in the audit trail. */
export function OpsReasonField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <TextField
      label="Reason"
      description="Kept in the audit trail."
      isRequired
      maxLength={OPS_REASON_MAX_LENGTH}
      value={value}
      error={error ?? undefined}
      onChange={onChange}
    />
  );
}
