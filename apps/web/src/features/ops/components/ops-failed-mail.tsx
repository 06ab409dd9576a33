/**
 * E-mails that were not delivered after all their attempts (sign-in codes, statements, notices):
 * who they were for (masked), why the mail server refused them, and a retry after a confirmation.
 */
import { useState, type FormEvent } from 'react';
import type { TFailedMail } from '@pledge/contract';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { toastQueue } from '../../../ui/toast/toast-queue.js';
import { useOpsFailedMail, useRetryMail } from '../api/ops-failed-mail.js';
import { formatDateTime } from '../format.js';
import { OpsConfirmDialog } from './ops-confirm-dialog.js';
import { OPS_TOAST_TIMEOUT_MS } from './ops-actions-panel.js';
import { OpsTable, type TOpsTableColumn } from './ops-table.js';

const MAIL_COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Queued' },
  { header: 'To', cellClassName: 'ops-break' },
  { header: 'Message', cellClassName: 'ops-break' },
  { header: 'Attempts' },
  { header: 'Last error', cellClassName: 'ops-break' },
  { header: 'Action' },
];

function ConfirmRetry({ message, onClose }: { message: TFailedMail; onClose: () => void }) {
  const mutation = useRetryMail();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate(message.outboxId, {
      onSuccess: () => {
        toastQueue.add(
          { title: `The message to ${message.recipient} is queued again`, variant: 'success' },
          { timeout: OPS_TOAST_TIMEOUT_MS },
        );
        onClose();
      },
    });
  }

  return (
    <OpsConfirmDialog
      formId="ops-retry-mail"
      title={`Send “${message.subject}” again?`}
      description={`It goes to ${message.recipient} with a fresh set of attempts. The retry is kept in the audit trail.`}
      confirmLabel="Send again"
      isPending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

export function OpsFailedMail() {
  const query = useOpsFailedMail();
  const [target, setTarget] = useState<TFailedMail | null>(null);
  if (query.isPending) {
    return (
      <p className="loading" role="status">
        Loading the undelivered e-mails…
      </p>
    );
  }
  if (query.isError) {
    return (
      <>
        <Alert variant="error" title="The undelivered e-mails could not be loaded">
          {query.error.message}
        </Alert>
        <Button isFullWidth={false} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </>
    );
  }
  return (
    <>
      <OpsTable
        caption="Undelivered e-mails"
        columns={MAIL_COLUMNS}
        emptyText="Every e-mail was delivered."
        rows={query.data.messages.map((message) => ({
          key: message.outboxId,
          cells: [
            formatDateTime(message.queuedAt),
            message.recipient,
            `${message.subject} (${message.kind})`,
            String(message.attempts),
            message.lastError ?? '—',
            <Button
              key="retry"
              variant="secondary"
              isFullWidth={false}
              onClick={() => setTarget(message)}
            >
              Send again <span className="visually-hidden">to {message.recipient}</span>
            </Button>,
          ],
        }))}
      />
      {target !== null && <ConfirmRetry message={target} onClose={() => setTarget(null)} />}
    </>
  );
}
