/**
 * Every console action is confirmed the same way (the shared confirm dialog), its refusal titled
 * by the action. An action that moves money or ownership is only proposed: the dialog then says
 * so, with the proposal's summary.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZOpsReason, type TControlledAction } from '@pledge/contract';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import {
  ConfirmDialog,
  type TConfirmDialogProps,
} from '../../../ui/confirm-dialog/confirm-dialog.js';
import { TextField } from '../../../ui/text-field/text-field.js';

export function OpsConfirmDialog({
  confirmLabel,
  error,
  proposal = null,
  ...dialog
}: Omit<TConfirmDialogProps, 'confirmLabel' | 'error' | 'errorTitle' | 'outcome'> & {
  description: string;
  confirmLabel: string;
  error: Error | null;
  /** The proposal the confirmation made: shown in place of the form until the agent closes it. */
  proposal?: TControlledAction | null;
}) {
  return (
    <ConfirmDialog
      {...dialog}
      confirmLabel={confirmLabel}
      error={error?.message ?? null}
      errorTitle={`${confirmLabel} failed`}
      outcome={proposal === null ? null : <OpsProposedNotice proposal={proposal} />}
    />
  );
}

/**
 * A confirmation whose one field is the reason: the reason is checked as the server checks it and,
 * once it passes, handed to `onReason`. `onReasonChange` runs on each edit of it.
 */
export function OpsReasonDialog({
  onReason,
  onReasonChange,
  ...dialog
}: Omit<Parameters<typeof OpsConfirmDialog>[0], 'onSubmit' | 'children'> & {
  onReason: (reason: string) => void;
  onReasonChange?: () => void;
}) {
  const reason = useOpsReason({ onChange: onReasonChange });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = reason.check();
    if (checked !== null) onReason(checked);
  }

  return (
    <OpsConfirmDialog {...dialog} onSubmit={onSubmit}>
      <OpsReasonField {...reason.field} />
    </OpsConfirmDialog>
  );
}

export const PROPOSED_TITLE = 'Proposed: a second agent must approve it before it takes effect.';

/** What a proposing call answered: nothing has happened yet, and where a second agent decides. */
export function OpsProposedNotice({ proposal }: { proposal: TControlledAction }) {
  return (
    <Alert variant="success" isLive title={PROPOSED_TITLE}>
      <p className="ops-break">{proposal.summary}</p>
      <p>
        It waits on the <Link to={paths.opsApprovals.getHref()}>Approvals</Link> page.
      </p>
    </Alert>
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

/**
 * The reason typed in a confirm dialog: the props of its field, and the check the server makes of
 * it. `onChange` runs on each edit (to clear a refusal shown for the last try).
 */
export function useOpsReason({ onChange }: { onChange?: () => void } = {}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    /** The reason as the server takes it; null, with the field saying why, when it would refuse it. */
    check(): string | null {
      const parsed = ZOpsReason.safeParse({ reason: value });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Give a reason');
        return null;
      }
      setError(null);
      return parsed.data.reason;
    },
    field: {
      value,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValue(event.target.value);
        onChange?.();
      },
    },
  };
}
