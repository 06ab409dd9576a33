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
import { toastQueue } from '../../../ui/toast/toast-queue.js';
import { refusalMessage } from '../../loan/api/refusal.js';
import { useSingleFlight } from '../../loan/use-single-flight.js';

/** How long a success toast stays (react-aria's shortest accessible timeout). */
export const OPS_TOAST_TIMEOUT_MS = 5000;

/** Tells the agent that a confirmed action went through. */
export function toastDone(title: string, description?: string): void {
  toastQueue.add(
    { variant: 'success', title, ...(description === undefined ? {} : { description }) },
    { timeout: OPS_TOAST_TIMEOUT_MS },
  );
}

/** The call a console confirmation sends (one of the console's mutations). */
export interface TOpsCall<TArgs, TAnswer> {
  isPending: boolean;
  error: Error | null;
  data: TAnswer | undefined;
  mutateAsync: (args: TArgs) => Promise<TAnswer>;
}

type TOpsCallDialogProps<TArgs, TAnswer> = Omit<
  TConfirmDialogProps,
  'confirmLabel' | 'error' | 'errorTitle' | 'outcome' | 'isPending' | 'onSubmit'
> & {
  description: string;
  confirmLabel: string;
  /** What confirming sends: the button waits while it runs, and its refusal shows in place. */
  call: TOpsCall<TArgs, TAnswer>;
  /** Once the action is done: what the agent is told, before the dialog closes. */
  onDone?: (answer: TAnswer) => void;
};

/**
 * An answer that is not a proposal must be told (`onDone`); a proposal, without `onDone`, is shown
 * in place of the form until the agent closes it.
 */
type TOpsAnswerRule<TAnswer> = TAnswer extends TControlledAction
  ? unknown
  : { onDone: (answer: TAnswer) => void };

export type TOpsConfirmDialogProps<TArgs, TAnswer> = TOpsCallDialogProps<TArgs, TAnswer> & {
  /** The call's arguments from the fields; null, with the fields saying why, when it would be refused. */
  argsOf: () => TArgs | null;
} & TOpsAnswerRule<TAnswer>;

function OpsCallDialog<TArgs, TAnswer>({
  confirmLabel,
  call,
  argsOf,
  onDone,
  ...dialog
}: TOpsCallDialogProps<TArgs, TAnswer> & { argsOf: () => TArgs | null }) {
  const sendOnce = useSingleFlight();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const args = argsOf();
    if (args === null) return;
    // Awaited rather than through mutate's own callbacks: the change the call makes may take the
    // dialog off the page before such a callback would run, and the agent must still be told.
    sendOnce((done) => {
      call.mutateAsync(args).then((answer) => {
        if (onDone === undefined) return;
        onDone(answer);
        dialog.onClose();
      }, done);
    });
  }

  // Only a proposal is answered without onDone (TOpsAnswerRule).
  const proposal = onDone === undefined ? (call.data as TControlledAction | undefined) : undefined;
  return (
    <ConfirmDialog
      {...dialog}
      confirmLabel={confirmLabel}
      isPending={call.isPending}
      error={call.error === null ? null : refusalMessage(call.error)}
      errorTitle={`${confirmLabel} failed`}
      onSubmit={onSubmit}
      outcome={proposal === undefined ? null : <OpsProposedNotice proposal={proposal} />}
    />
  );
}

/**
 * Every console action is confirmed here: the fields it needs, its call sent once however often
 * the button is pressed, and its refusal shown in place, titled by the action. An action done at
 * once is told (`onDone`) and the dialog closes; one that moves money or ownership is only
 * proposed, and the dialog then says so, with the proposal's summary.
 */
export function OpsConfirmDialog<TArgs, TAnswer>(props: TOpsConfirmDialogProps<TArgs, TAnswer>) {
  return <OpsCallDialog {...props} />;
}

/**
 * A confirmation whose one field is the reason: the reason is checked as the server checks it and,
 * once it passes, given to `argsOf` for the call's arguments. `onReasonChange` runs on each edit.
 */
export function OpsReasonDialog<TArgs, TAnswer>({
  argsOf,
  onReasonChange,
  ...dialog
}: Omit<TOpsCallDialogProps<TArgs, TAnswer>, 'children'> & {
  argsOf: (reason: string) => TArgs;
  onReasonChange?: () => void;
} & TOpsAnswerRule<TAnswer>) {
  const reason = useOpsReason({ onChange: onReasonChange });
  return (
    <OpsCallDialog
      {...dialog}
      argsOf={() => {
        const checked = reason.check();
        return checked === null ? null : argsOf(checked);
      }}
    >
      <OpsReasonField {...reason.field} />
    </OpsCallDialog>
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
