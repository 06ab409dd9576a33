/**
 * E-mails that were not delivered after all their attempts (sign-in codes, statements, notices):
 * who they were for (masked), why the mail server refused them, and a retry after a confirmation.
 */
import { useState } from 'react';
import type { TFailedMail } from '@pledge/contract';
import { Button } from '../../../ui/button/button.js';
import { useOpsFailedMail, useRetryMail } from '../api/ops-failed-mail.js';
import { formatDateTime } from '../format.js';
import { OpsConfirmDialog, toastDone } from './ops-confirm-dialog.js';
import { OpsList } from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

function ConfirmRetry({ message, onClose }: { message: TFailedMail; onClose: () => void }) {
  const mutation = useRetryMail();
  return (
    <OpsConfirmDialog
      formId="ops-retry-mail"
      title={`Send “${message.subject}” again?`}
      description={`It goes to ${message.recipient} with a fresh set of attempts. The retry is kept in the audit trail.`}
      confirmLabel="Send again"
      call={mutation}
      argsOf={() => message.outboxId}
      onDone={() => toastDone(`The message to ${message.recipient} is queued again`)}
      onClose={onClose}
    />
  );
}

function mailColumns(onRetry: (message: TFailedMail) => void): readonly TOpsColumn<TFailedMail>[] {
  return [
    { header: 'Queued', cell: (message) => formatDateTime(message.queuedAt) },
    { header: 'To', cellClassName: 'ops-break', cell: (message) => message.recipient },
    {
      header: 'Message',
      cellClassName: 'ops-break',
      cell: (message) => `${message.subject} (${message.kind})`,
    },
    { header: 'Attempts', cell: (message) => String(message.attempts) },
    {
      header: 'Last error',
      cellClassName: 'ops-break',
      cell: (message) => message.lastError ?? '—',
    },
    {
      header: 'Action',
      cell: (message) => (
        <Button variant="secondary" isFullWidth={false} onClick={() => onRetry(message)}>
          Send again <span className="visually-hidden">to {message.recipient}</span>
        </Button>
      ),
    },
  ];
}

export function OpsFailedMail() {
  const query = useOpsFailedMail();
  const [target, setTarget] = useState<TFailedMail | null>(null);
  return (
    <>
      <OpsList
        query={query}
        loadingText="Loading the undelivered e-mails…"
        errorTitle="The undelivered e-mails could not be loaded"
        items={query.data?.messages}
        caption="Undelivered e-mails"
        columns={mailColumns(setTarget)}
        rowKey={(message) => message.outboxId}
        emptyText="Every e-mail was delivered."
      />
      {target !== null && <ConfirmRetry message={target} onClose={() => setTarget(null)} />}
    </>
  );
}
