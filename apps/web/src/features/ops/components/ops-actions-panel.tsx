import { useState, type FormEvent } from 'react';
import { ZOpsReason, type TOpsApplicationDetail } from '@pledge/contract';
import { PAYOFF_METHOD_LABELS, PAYOFF_METHODS, type TPayoffMethod } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { toastQueue } from '../../../ui/toast/toast-queue.js';
import { useOpsAction } from '../api/post-ops-action.js';
import { isOpsActionAvailable, OPS_ACTIONS, type TOpsAction } from '../ops-actions.js';

/** How long a success toast stays (react-aria's shortest accessible timeout). */
export const OPS_TOAST_TIMEOUT_MS = 5000;

const PAYMENT_METHOD_OPTIONS = PAYOFF_METHODS.map((method) => ({
  value: method,
  label: PAYOFF_METHOD_LABELS[method],
}));

/** Shown when an action that needs a payment method is confirmed without one. */
export const PAYMENT_METHOD_REQUIRED = 'Choose a payment method';

function isPayoffMethod(value: string): value is TPayoffMethod {
  return (PAYOFF_METHODS as readonly string[]).includes(value);
}

/** The contract's message for a reason the server would refuse, or null when it is fine. */
function reasonError(reason: string): string | null {
  const parsed = ZOpsReason.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
}

function ConfirmAction({
  action,
  appUuid,
  onClose,
}: {
  action: TOpsAction;
  appUuid: string;
  onClose: () => void;
}) {
  const mutation = useOpsAction(appUuid);
  const [reason, setReason] = useState('');
  const [shownReasonError, setShownReasonError] = useState<string | null>(null);
  const [method, setMethod] = useState('');
  const [shownMethodError, setShownMethodError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (action.needsReason) {
      const error = reasonError(reason);
      setShownReasonError(error);
      if (error !== null) return;
    }
    let payoffMethod: TPayoffMethod | undefined;
    if (action.needsPaymentMethod === true) {
      if (!isPayoffMethod(method)) {
        setShownMethodError(PAYMENT_METHOD_REQUIRED);
        return;
      }
      setShownMethodError(null);
      payoffMethod = method;
    }
    mutation.mutate(
      { action: action.id, reason: reason.trim(), method: payoffMethod },
      {
        onSuccess: () => {
          toastQueue.add(
            { title: action.done, variant: 'success' },
            { timeout: OPS_TOAST_TIMEOUT_MS },
          );
          onClose();
        },
      },
    );
  }

  const formId = `ops-action-${action.id}`;
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={action.question}
      description={action.consequence}
      footer={
        <>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            {action.label}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        {action.needsReason && (
          <TextField
            label="Reason"
            description="Kept in the audit trail."
            isRequired
            maxLength={500}
            value={reason}
            error={shownReasonError ?? undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
        {action.needsPaymentMethod === true && (
          <Select
            label="Payment method"
            description="How the borrower paid the loan off; it decides how long the collateral is held."
            placeholder="Select a method"
            isRequired
            options={PAYMENT_METHOD_OPTIONS}
            value={method}
            error={shownMethodError ?? undefined}
            onValueChange={setMethod}
          />
        )}
        {mutation.isError && (
          <Alert variant="error" title={`${action.label} failed`}>
            {mutation.error.message}
          </Alert>
        )}
      </form>
    </Modal>
  );
}

/**
 * The agent's actions on the application. A button is disabled when the application's state (the
 * domain's state machine) or its uploads do not allow the action; each asks for confirmation, and
 * for a reason where the server keeps one.
 */
export function OpsActionsPanel({ detail }: { detail: TOpsApplicationDetail }) {
  const [openAction, setOpenAction] = useState<TOpsAction | null>(null);
  return (
    <section className="ops-section ops-actions" aria-labelledby="ops-section-actions">
      <h2 id="ops-section-actions">Actions</h2>
      <ul className="ops-actions__list">
        {OPS_ACTIONS.map((action) => {
          const isAvailable = isOpsActionAvailable(action.id, detail);
          const hintId = `ops-action-hint-${action.id}`;
          return (
            <li key={action.id}>
              <Button
                variant={action.id === 'release-funds' ? 'primary' : 'secondary'}
                isFullWidth={false}
                disabled={!isAvailable}
                aria-describedby={isAvailable ? undefined : hintId}
                onClick={() => setOpenAction(action)}
              >
                {action.label}
              </Button>
              {!isAvailable && (
                <span id={hintId} className="ops-muted ops-actions__hint">
                  {action.unavailable}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {openAction !== null && (
        <ConfirmAction
          key={openAction.id}
          action={openAction}
          appUuid={detail.application.appUuid}
          onClose={() => setOpenAction(null)}
        />
      )}
    </section>
  );
}
